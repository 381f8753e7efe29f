import type { MutedShro, MutedUser } from '@contract/blocks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const mutedUsersQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.mutedUsers),
  queryFn: () => apiGet<MutedUser[]>(apiPaths.mutedUsers),
});

const mutedShrosQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.mutedShros),
  queryFn: () => apiGet<MutedShro[]>(apiPaths.mutedShros),
});

/** The people the signed-in user muted, newest first, with what the settings' list shows of them. */
export function useMutedUsers() {
  return useQuery(mutedUsersQueryOptions);
}

/** The Shros the signed-in user muted, newest first, by title. */
export function useMutedShros() {
  return useQuery(mutedShrosQueryOptions);
}
