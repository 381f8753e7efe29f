import type { CreatedInvite } from '@contract/invites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** POST /api/invites: a new personal invite link (docs/decisions/124-invitations.md). */
const createInvite = () => apiRequest<CreatedInvite>('POST', apiPaths.invites);

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.invites) }),
  });
}
