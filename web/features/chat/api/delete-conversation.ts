import type { ChatMessage, Conversation, DeleteConversationResult } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** Deletes my side of the conversation with `userId`: their copy stays (decision 018). */
const deleteConversation = (userId: string) =>
  apiRequest<DeleteConversationResult>('DELETE', apiPaths.conversation(userId));

/** On success the conversation leaves the list and its messages leave this tab at once. */
export function useDeleteConversation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteConversation(userId),
    onSuccess: () => {
      queryClient.setQueryData<ChatMessage[]>(queryKey(apiPaths.conversation(userId)), []);
      queryClient.setQueryData<Conversation[]>(queryKey(apiPaths.conversations), (list) =>
        list?.filter((c) => c.user.id !== userId),
      );
      void queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.conversations) });
      void queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.unreadMessages) });
    },
  });
}
