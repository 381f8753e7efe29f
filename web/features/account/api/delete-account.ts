import type { DeleteAccountInput, DeleteAccountResponse } from '@contract/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { markAccountDeleted } from '../components/account-deleted-notice';

const deleteAccount = (input: DeleteAccountInput) =>
  apiRequest<DeleteAccountResponse>('DELETE', apiPaths.account, input);

/**
 * DELETE /api/account (decision 115). Success is a full page load of the home page: the server
 * already ended the auth session, and the reload drops every cached read of the account. The
 * landing page then says the deletion worked.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      markAccountDeleted();
      window.location.assign('/');
    },
  });
}
