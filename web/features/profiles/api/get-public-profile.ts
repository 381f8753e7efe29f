import type { PublicUser } from '@contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

const publicProfilePath = (username: string) => `/api/users/profile/${encodeURIComponent(username)}`;

/** Anyone's public profile by username (no email); 404 when unknown. */
const getPublicProfile = (username: string) => apiGet<PublicUser>(publicProfilePath(username));

const publicProfileQueryOptions = (username: string) =>
  queryOptions({ queryKey: [publicProfilePath(username)], queryFn: () => getPublicProfile(username) });

export function usePublicProfile(username: string) {
  return useQuery(publicProfileQueryOptions(username));
}
