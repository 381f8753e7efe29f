import type { FriendRequestItem } from '@contract/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** Requests waiting for my answer; `user` is who asked. */
const getFriendRequests = () => apiGet<FriendRequestItem[]>(apiPaths.friendRequests);

const friendRequestsQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.friendRequests),
  queryFn: getFriendRequests,
});

export function useFriendRequests() {
  return useQuery(friendRequestsQueryOptions);
}
