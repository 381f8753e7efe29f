import type { CurrentUser } from '@contract/auth';
import { type AcceptTermsInput, TERMS_VERSION } from '@contract/terms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const acceptTerms = (input: AcceptTermsInput) => apiRequest<CurrentUser>('POST', apiPaths.acceptTerms, input);

/** Accepts the terms this app shows (TERMS_VERSION); the answer is the current user, no longer asked. */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptTerms({ version: TERMS_VERSION }),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKey(apiPaths.currentUser), user);
    },
  });
}
