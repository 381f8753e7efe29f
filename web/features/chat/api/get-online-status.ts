import { ONLINE_STATUS_MAX_IDS, type OnlineStatusMap } from '@contract/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';
import { usePollInterval } from '@/lib/live';

const getOnlineStatus = (userIds: string[]) => apiGet<OnlineStatusMap>(apiPaths.onlineStatus(userIds));

/** Polled every 30 s (docs/product.md §9); ids are sorted so the same people share one query. */
const onlineStatusQueryOptions = (userIds: string[]) => {
  // The server answers at most ONLINE_STATUS_MAX_IDS at a time.
  const ids = [...new Set(userIds)].sort().slice(0, ONLINE_STATUS_MAX_IDS);
  return queryOptions({
    queryKey: queryKey(apiPaths.onlineStatus(ids)),
    queryFn: () => getOnlineStatus(ids),
    refetchInterval: 30_000,
  });
};

export function useOnlineStatus(userIds: string[]) {
  return useQuery({
    ...onlineStatusQueryOptions(userIds),
    enabled: userIds.length > 0,
    refetchInterval: usePollInterval(onlineStatusQueryOptions(userIds).refetchInterval),
  });
}
