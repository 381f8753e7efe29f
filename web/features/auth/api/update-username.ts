import type { CurrentUser, UpdateUsernameInput } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const updateUsername = (input: UpdateUsernameInput) => apiRequest<CurrentUser>('PUT', apiPaths.username, input);

export function useUpdateUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUsername,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKey(apiPaths.currentUser), user);
    },
  });
}
