import type { FriendRequestItem } from '@contract/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

const friendRequestsPath = '/api/friends/requests';

/** Requests waiting for my answer; `user` is who asked. */
const getFriendRequests = () => apiGet<FriendRequestItem[]>(friendRequestsPath);

const friendRequestsQueryOptions = queryOptions({ queryKey: [friendRequestsPath], queryFn: getFriendRequests });

export function useFriendRequests() {
  return useQuery(friendRequestsQueryOptions);
}
