import type { ChangePasswordInput, EndedSessions } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const changePassword = (input: ChangePasswordInput) => apiRequest<EndedSessions>('PUT', apiPaths.password, input);

/** PUT /api/auth/password: every other device is signed out, so the device list is refreshed. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.authSessions) }),
  });
}
