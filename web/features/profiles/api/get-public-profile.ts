import type { PublicUser } from '@contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** Anyone's public profile by username (no email); 404 when unknown. */
const getPublicProfile = (username: string) => apiGet<PublicUser>(apiPaths.publicProfile(username));

const publicProfileQueryOptions = (username: string) =>
  queryOptions({ queryKey: queryKey(apiPaths.publicProfile(username)), queryFn: () => getPublicProfile(username) });

export function usePublicProfile(username: string) {
  return useQuery(publicProfileQueryOptions(username));
}
