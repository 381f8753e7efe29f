import type { ModerationActionInput, ModerationActionResult } from '@contract/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, pathPrefix } from '@/lib/api-paths';

/** POST /api/moderation/actions: one action with its reason (audited). */
const applyModerationAction = (input: ModerationActionInput) =>
  apiRequest<ModerationActionResult>('POST', apiPaths.moderationActions, input);

/** Applies an action; the queue and the audit log refetch once it is done. */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyModerationAction,
    onSuccess: async () => {
      await queryClient.invalidateQueries(pathPrefix(apiPaths.moderationQueue));
      await queryClient.invalidateQueries(pathPrefix(apiPaths.moderationLog));
    },
  });
}
