import type { MarkConversationReadResult } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { conversationsPath } from './get-conversations';
import { messagesPath } from './get-messages';
import { unreadCountPath } from './get-unread-count';

const markConversationReadPath = (userId: string) => `/api/chat/${encodeURIComponent(userId)}/read`;

/** Marks one person's messages to me read: an explicit write, never a side effect of fetching the chat. */
const markConversationRead = (userId: string) =>
  apiRequest<MarkConversationReadResult>('POST', markConversationReadPath(userId));

/** When something turned read, the open chat's ticks, the conversation list and the header badge refresh now. */
export function useMarkConversationRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markConversationRead(userId),
    onSuccess: ({ updated }) => {
      if (updated === 0) return;
      void queryClient.invalidateQueries({ queryKey: [messagesPath(userId)] });
      void queryClient.invalidateQueries({ queryKey: [conversationsPath] });
      void queryClient.invalidateQueries({ queryKey: [unreadCountPath] });
    },
  });
}
