import type { UserBlockState } from '@contract/blocks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** POST blocks, DELETE unblocks; both answer where the caller now stands with that user. */
const setBlocked = (userId: string, blocked: boolean) =>
  apiRequest<UserBlockState>(blocked ? 'POST' : 'DELETE', apiPaths.userBlock(userId));

/**
 * Blocks or unblocks a user. A block reaches into friends, chat, explore, Shros and notifications,
 * so every read refetches; the block list first.
 */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) => setBlocked(userId, blocked),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.blocks) });
      void queryClient.invalidateQueries();
    },
  });
}
