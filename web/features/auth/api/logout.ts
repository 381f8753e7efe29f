import type { LogoutResponse } from '@contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { forgetNativePushToken } from '@/lib/native-push';
import { forgetLastUser } from './get-user';

/** The shell's push token is taken back first, while the auth session can still do it (decision 163). */
const logout = async () => {
  await forgetNativePushToken();
  return apiRequest<LogoutResponse>('POST', apiPaths.logout);
};

/** Success is a full page redirect to /; a failure is only logged (docs/product.md §8). */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      forgetLastUser();
      window.location.assign('/');
    },
    onError: (error) => {
      console.error('Logout failed', error);
    },
  });
}
