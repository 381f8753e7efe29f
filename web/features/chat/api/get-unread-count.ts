import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';
import { usePollInterval } from '@/lib/live';

const unreadCountQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.unreadMessages),
  queryFn: () => apiGet<number>(apiPaths.unreadMessages),
  refetchInterval: 5000,
});

/** Only when signed in; polled every 5 s (docs/product.md §9). */
export function useUnreadMessageCount(enabled: boolean) {
  return useQuery({
    ...unreadCountQueryOptions,
    enabled,
    refetchInterval: usePollInterval(unreadCountQueryOptions.refetchInterval),
  });
}
