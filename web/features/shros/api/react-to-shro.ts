import type { ReactionEmoji, ReactResponse } from '@contract/shros';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { shroPath } from './get-shro';

/** The notifications list's key (its API lives in the notifications feature). */
const notificationsPath = '/api/notifications';

const reactToShro = (shroId: string, emoji: ReactionEmoji) =>
  apiRequest<ReactResponse>('POST', `${shroPath(shroId)}/react`, { emoji });

/** docs/product.md §7: on success refresh notifications; the Shro is refreshed too so `myReaction` shows. */
export function useReactToShro(shroId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emoji: ReactionEmoji) => reactToShro(shroId, emoji),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [notificationsPath] });
      void queryClient.invalidateQueries({ queryKey: [shroPath(shroId)] });
    },
  });
}
