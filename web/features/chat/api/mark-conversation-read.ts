import type { MarkConversationReadResult } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** Marks one person's messages to me read: an explicit write, never a side effect of fetching the chat. */
const markConversationRead = (userId: string) =>
  apiRequest<MarkConversationReadResult>('POST', apiPaths.markConversationRead(userId));

/** When something turned read, the open chat's ticks, the conversation list and the header badge refresh now. */
export function useMarkConversationRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markConversationRead(userId),
    onSuccess: ({ updated }) => {
      if (updated === 0) return;
      void queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.conversation(userId)) });
      void queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.conversations) });
      void queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.unreadMessages) });
    },
  });
}
