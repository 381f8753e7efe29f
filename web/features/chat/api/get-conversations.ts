import type { Conversation } from '@contract/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { usePollInterval } from '@/lib/live';

export const conversationsPath = '/api/chat/conversations';

const getConversations = () => apiGet<Conversation[]>(conversationsPath);

/** Polled every 5 s (docs/product.md §9). */
const conversationsQueryOptions = queryOptions({
  queryKey: [conversationsPath],
  queryFn: getConversations,
  refetchInterval: 5000,
});

export function useConversations() {
  return useQuery({
    ...conversationsQueryOptions,
    refetchInterval: usePollInterval(conversationsQueryOptions.refetchInterval),
  });
}
