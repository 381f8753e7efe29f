import type { CurrentUser, RegisterInput } from '@contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const register = (input: RegisterInput) => apiRequest<CurrentUser>('POST', '/api/register', input);

export function useRegister(redirectTo: string) {
  return useMutation({
    mutationFn: register,
    onSuccess: () => {
      window.location.assign(redirectTo);
    },
  });
}
