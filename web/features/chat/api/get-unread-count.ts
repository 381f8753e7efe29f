import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { usePollInterval } from '@/lib/live';

export const unreadCountPath = '/api/chat/unread-count';

const unreadCountQueryOptions = queryOptions({
  queryKey: [unreadCountPath],
  queryFn: () => apiGet<number>(unreadCountPath),
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
