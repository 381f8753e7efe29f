import type { ChatMessage } from '@contract/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';
import { usePollInterval } from '@/lib/live';

/** The conversation with one user, oldest first. Fetching it marks nothing (see mark-conversation-read). */
const getMessages = (userId: string) => apiGet<ChatMessage[]>(apiPaths.conversation(userId));

/** The open chat is polled every 2 s (docs/product.md §9). */
const messagesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKey(apiPaths.conversation(userId)),
    queryFn: () => getMessages(userId),
    refetchInterval: 2000,
  });

export function useMessages(userId: string) {
  return useQuery({
    ...messagesQueryOptions(userId),
    refetchInterval: usePollInterval(messagesQueryOptions(userId).refetchInterval),
  });
}
