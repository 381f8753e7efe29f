import type { ChatMessage, SendMessageInput } from '@contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const sendMessage = (input: SendMessageInput) => apiRequest<ChatMessage>('POST', apiPaths.sendMessage, input);

/** Sends a message; it shows in the open chat at once and the conversation list moves it to the top. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => {
      queryClient.setQueryData<ChatMessage[]>(queryKey(apiPaths.conversation(message.recipientId)), (list) =>
        list && !list.some((m) => m.id === message.id) ? [...list, message] : list,
      );
      void queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.conversations) });
    },
  });
}
