import type { Friend } from '@contract/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

const friendsPath = '/api/friends';

/** The friends a Shro can be sent to (same key as the friends page, so both share one cache entry). */
const friendsQueryOptions = queryOptions({
  queryKey: [friendsPath],
  queryFn: () => apiGet<Friend[]>(friendsPath),
  staleTime: 0,
});

export function useFriends() {
  return useQuery(friendsQueryOptions);
}
