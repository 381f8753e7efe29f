import type { InvitePreview } from '@contract/invites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const invitePreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKey(apiPaths.invite(token)),
    queryFn: () => apiGet<InvitePreview>(apiPaths.invite(token)),
    // A 404 is the answer (the link does not work), not a hiccup worth asking again.
    retry: false,
  });

/** GET /api/invites/:token: who invites (their public profile); an error when the link does not work. */
export function useInvitePreview(token: string, enabled = true) {
  return useQuery({ ...invitePreviewQueryOptions(token), enabled });
}
