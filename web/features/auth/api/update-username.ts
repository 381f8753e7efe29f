import type { CurrentUser, UpdateUsernameInput } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { currentUserPath } from './get-user';

const updateUsername = (input: UpdateUsernameInput) => apiRequest<CurrentUser>('PUT', '/api/auth/username', input);

export function useUpdateUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUsername,
    onSuccess: (user) => {
      queryClient.setQueryData([currentUserPath], user);
    },
  });
}
