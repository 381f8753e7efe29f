import type { CurrentUser } from '@contract/auth';
import type { PasskeyItem } from '@contract/passkeys';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';
import { safeRedirectTarget } from '@/lib/redirect';

/** Whether this browser can use passkeys at all (WebAuthn); the buttons show only where it can. */
export const browserHasPasskeys = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The WebAuthn helpers load when a passkey is used, not with the page (decision 187). */
const webAuthn = () => import('@simplewebauthn/browser');

/** Someone closed the browser's passkey prompt: nothing went wrong, nothing to say. */
export const passkeyPromptClosed = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

const passkeysQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.passkeys),
  queryFn: () => apiGet<PasskeyItem[]>(apiPaths.passkeys),
});

export function usePasskeys() {
  return useQuery(passkeysQueryOptions);
}

/** Adds a passkey: the server's options, the browser's prompt, the server's check. */
async function addPasskey(): Promise<PasskeyItem> {
  const options = await apiRequest<PublicKeyCredentialCreationOptionsJSON>('POST', apiPaths.passkeyRegistrationOptions);
  const credential = await (await webAuthn()).startRegistration({ optionsJSON: options });
  return apiRequest<PasskeyItem>('POST', apiPaths.passkeyRegistrationVerify, { credential });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions.queryKey }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiRequest<PasskeyItem>('PATCH', apiPaths.passkey(id), { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions.queryKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ success: true }>('DELETE', apiPaths.passkey(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions.queryKey }),
  });
}

async function signInWithPasskey(): Promise<CurrentUser> {
  const options = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(
    'POST',
    apiPaths.passkeyAuthenticationOptions,
  );
  const credential = await (await webAuthn()).startAuthentication({ optionsJSON: options });
  return apiRequest<CurrentUser>('POST', apiPaths.passkeyAuthenticationVerify, { credential });
}

/** Signs in with a passkey; on success the page goes where a password sign-in would. */
export function usePasskeySignIn(redirectTo: string) {
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: () => window.location.assign(safeRedirectTarget(redirectTo, window.location.origin)),
  });
}
