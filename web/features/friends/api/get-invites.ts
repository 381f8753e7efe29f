import type { InviteSummary } from '@contract/invites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const invitesQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.invites),
  queryFn: () => apiGet<InviteSummary[]>(apiPaths.invites),
});

/** GET /api/invites: the user's invite links that still work, newest first. */
export const useInvites = () => useQuery(invitesQueryOptions);
