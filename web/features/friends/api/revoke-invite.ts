import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** DELETE /api/invites/:id: the link stops working at once. */
const revokeInvite = (id: string) => apiRequest<{ revoked: true }>('DELETE', apiPaths.invite(id));

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.invites) }),
  });
}
