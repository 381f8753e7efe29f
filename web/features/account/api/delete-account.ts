import type { DeleteAccountInput, DeleteAccountResponse } from '@contract/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';

const deleteAccount = (input: DeleteAccountInput) =>
  apiRequest<DeleteAccountResponse>('DELETE', apiPaths.account, input);

/**
 * DELETE /api/account (decision 115). Success is a full page load of the home page: the server
 * already ended the auth session, and the reload drops every cached read of the account.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => window.location.assign('/'),
  });
}
