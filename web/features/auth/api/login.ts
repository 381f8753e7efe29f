import type { CurrentUser, LoginInput } from '@contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const login = (input: LoginInput) => apiRequest<CurrentUser>('POST', '/api/login', input);

/** On success the page does a full navigation to the redirect target (spec §4). */
export function useLogin(redirectTo: string) {
  return useMutation({
    mutationFn: login,
    onSuccess: () => {
      window.location.assign(redirectTo);
    },
  });
}
