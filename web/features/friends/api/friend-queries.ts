import type { QueryClient } from '@tanstack/react-query';
import { apiPaths, pathPrefix } from '@/lib/api-paths';

/**
 * Every friends query is keyed by its /api/friends… path, so one prefix match refreshes the lists,
 * the search results and the status of any profile after an action changed a friendship.
 */
export function invalidateFriendQueries(queryClient: QueryClient) {
  void queryClient.invalidateQueries(pathPrefix(apiPaths.friends));
}
