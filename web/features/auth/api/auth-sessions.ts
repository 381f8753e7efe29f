import type { AuthSession, EndedSessions } from '@contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** The signed-in devices of the current user (docs/decisions/102-signed-in-devices.md). */
const authSessionsQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.authSessions),
  queryFn: () => apiGet<AuthSession[]>(apiPaths.authSessions),
});

export function useAuthSessions() {
  return useQuery(authSessionsQueryOptions);
}

const endAuthSession = (id: string) => apiRequest<EndedSessions>('DELETE', apiPaths.authSession(id));
const revokeOtherSessions = () => apiRequest<EndedSessions>('POST', apiPaths.revokeOtherSessions);

/** Signs one other device out. */
export function useEndAuthSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endAuthSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authSessionsQueryOptions.queryKey }),
  });
}

/** Signs every other device out; this one stays. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authSessionsQueryOptions.queryKey }),
  });
}
