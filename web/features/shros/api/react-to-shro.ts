import type { ReactResponse } from '@contract/shro-views';
import type { ReactionEmoji } from '@contract/shros';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const reactToShro = (shroId: string, emoji: ReactionEmoji) =>
  apiRequest<ReactResponse>('POST', apiPaths.reactToShro(shroId), { emoji });

/** docs/product.md §7: on success refresh notifications; the Shro is refreshed too so `myReaction` shows. */
export function useReactToShro(shroId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emoji: ReactionEmoji) => reactToShro(shroId, emoji),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.notifications) });
      void queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.shro(shroId)) });
    },
  });
}
