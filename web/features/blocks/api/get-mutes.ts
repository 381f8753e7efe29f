import type { MuteList } from '@contract/blocks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

export const mutesQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.mutes),
  queryFn: () => apiGet<MuteList>(apiPaths.mutes),
});

/** The ids of the users and Shros the signed-in user muted (decision 105); only when signed in. */
export function useMutes(enabled = true) {
  return useQuery({ ...mutesQueryOptions, enabled });
}
