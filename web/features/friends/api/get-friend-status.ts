import type { FriendStatus } from '@contract/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const getFriendStatus = (userId: string) => apiGet<FriendStatus>(apiPaths.friendStatus(userId));

const friendStatusQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKey(apiPaths.friendStatus(userId)), queryFn: () => getFriendStatus(userId) });

export function useFriendStatus(userId: string, enabled = true) {
  return useQuery({ ...friendStatusQueryOptions(userId), enabled });
}
