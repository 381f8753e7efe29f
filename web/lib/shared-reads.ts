import type { Friend } from '@contract/friends';
import type { UserStats } from '@contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { apiPaths, queryKey } from './api-paths';

/*
 * Reads that more than one feature shows. A feature imports no other (decision 024), so each of
 * these has its one owner here instead of a copy per feature (decision 093).
 */

/** GET /api/friends: the friends page, the chat's "start a chat" list and the create form's recipients. */
const friendsQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.friends),
  queryFn: () => apiGet<Friend[]>(apiPaths.friends),
});

/** `fresh`: read the list again on every mount (the create form must not offer a removed friend). */
export function useFriends({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery(fresh ? { ...friendsQueryOptions, staleTime: 0 } : friendsQueryOptions);
}

/** GET /api/stats: the signed-in user's six counters (docs/product.md §3 Stats), on the profile and achievements pages. */
const myStatsQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.myStats),
  queryFn: () => apiGet<UserStats>(apiPaths.myStats),
});

export function useMyStats() {
  // Counters move as the user plays: read them afresh on each visit.
  return useQuery({ ...myStatsQueryOptions, refetchOnMount: 'always' });
}
