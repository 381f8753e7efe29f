import type { ChatMessage, Conversation, DeleteConversationResult } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { conversationsPath } from './get-conversations';
import { messagesPath } from './get-messages';
import { unreadCountPath } from './get-unread-count';

/** Deletes my side of the conversation with `userId`: their copy stays (decision 018). */
const deleteConversation = (userId: string) =>
  apiRequest<DeleteConversationResult>('DELETE', `/api/chat/${encodeURIComponent(userId)}`);

/** On success the conversation leaves the list and its messages leave this tab at once. */
export function useDeleteConversation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteConversation(userId),
    onSuccess: () => {
      queryClient.setQueryData<ChatMessage[]>([messagesPath(userId)], []);
      queryClient.setQueryData<Conversation[]>([conversationsPath], (list) =>
        list?.filter((c) => c.user.id !== userId),
      );
      void queryClient.invalidateQueries({ queryKey: [conversationsPath] });
      void queryClient.invalidateQueries({ queryKey: [unreadCountPath] });
    },
  });
}
