import type { CurrentUser, RegisterInput } from '@contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { safeRedirectTarget } from '@/lib/redirect';

const register = (input: RegisterInput) => apiRequest<CurrentUser>('POST', apiPaths.register, input);

export function useRegister(redirectTo: string) {
  return useMutation({
    mutationFn: register,
    onSuccess: () => {
      // Checked again where it is used: a caller passing an unchecked value stays on this site.
      window.location.assign(safeRedirectTarget(redirectTo, window.location.origin));
    },
  });
}
