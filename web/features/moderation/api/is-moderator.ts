import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/**
 * Apart from the moderation page's reads and actions (the other files here): every signed-in user's
 * header menus ask it, and they need none of the rest (decision 094).
 *
 * GET /api/moderation/me: true for a moderator; false when the server answers 404 (everyone else).
 * Only asked when signed in.
 */
const moderatorMeQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.moderatorMe),
  queryFn: async () => {
    try {
      await apiGet<{ isModerator: true }>(apiPaths.moderatorMe);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return false;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

export function useIsModerator(enabled = true) {
  return useQuery({ ...moderatorMeQueryOptions, enabled });
}
