import type {
  EndedSessions,
  PasswordResetConfirm,
  PasswordResetRequest,
  PasswordResetSent,
  PasswordResetStatus,
} from '@contract/auth';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** Whether this server can mail reset links (docs/decisions/109-password-reset-by-email.md). */
const passwordResetStatusQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.passwordReset),
  queryFn: () => apiGet<PasswordResetStatus>(apiPaths.passwordReset),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePasswordResetStatus() {
  return useQuery(passwordResetStatusQueryOptions);
}

const requestReset = (input: PasswordResetRequest) =>
  apiRequest<PasswordResetSent>('POST', apiPaths.passwordReset, input);

/** POST /api/auth/password-reset: the same answer whether or not an account matched. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestReset });
}

const confirmReset = (input: PasswordResetConfirm) =>
  apiRequest<EndedSessions>('POST', apiPaths.passwordResetConfirm, input);

/** POST /api/auth/password-reset/confirm: sets the new password; every device is signed out. */
export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmReset });
}
