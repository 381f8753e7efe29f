import type { MuteList } from '@contract/blocks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, pathPrefix, queryKey } from '@/lib/api-paths';

export type MuteTarget = { kind: 'user'; id: string } | { kind: 'shro'; id: string };

const pathOf = (target: MuteTarget) =>
  target.kind === 'user' ? apiPaths.userMute(target.id) : apiPaths.shroMute(target.id);

/** Mutes (POST) or unmutes (DELETE) a user or a Shro; the mute list updates at once. */
export function useSetMuted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, muted }: { target: MuteTarget; muted: boolean }) =>
      apiRequest<unknown>(muted ? 'POST' : 'DELETE', pathOf(target)),
    onSuccess: (_answer, { target, muted }) => {
      const field = target.kind === 'user' ? 'userIds' : 'shroIds';
      queryClient.setQueryData<MuteList>(queryKey(apiPaths.mutes), (list) => {
        if (!list) return list;
        const rest = list[field].filter((id) => id !== target.id);
        return { ...list, [field]: muted ? [target.id, ...rest] : rest };
      });
      // The id list and the settings' lists of people and Shros (all under /api/mutes).
      void queryClient.invalidateQueries(pathPrefix(apiPaths.mutes));
    },
  });
}
