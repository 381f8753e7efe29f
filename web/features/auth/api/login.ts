import type { CurrentUser, LoginInput } from '@contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { safeRedirectTarget } from '@/lib/redirect';

const login = (input: LoginInput) => apiRequest<CurrentUser>('POST', apiPaths.login, input);

/** On success the page does a full navigation to the redirect target (docs/product.md §4). */
export function useLogin(redirectTo: string) {
  return useMutation({
    mutationFn: login,
    onSuccess: () => {
      // Checked again where it is used: a caller passing an unchecked value stays on this site.
      window.location.assign(safeRedirectTarget(redirectTo, window.location.origin));
    },
  });
}
