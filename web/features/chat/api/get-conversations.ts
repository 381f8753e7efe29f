import type { Conversation } from '@contract/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';
import { usePollInterval } from '@/lib/live';

const getConversations = () => apiGet<Conversation[]>(apiPaths.conversations);

/** Polled every 5 s (docs/product.md §9); the arrival toasts read the same query (web/app/layout). */
export const conversationsQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.conversations),
  queryFn: getConversations,
  refetchInterval: 5000,
});

export function useConversations() {
  return useQuery({
    ...conversationsQueryOptions,
    refetchInterval: usePollInterval(conversationsQueryOptions.refetchInterval),
  });
}
