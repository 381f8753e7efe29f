import type { FriendStatus } from '@contract/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

const friendStatusPath = (userId: string) => `/api/friends/status/${encodeURIComponent(userId)}`;

const getFriendStatus = (userId: string) => apiGet<FriendStatus>(friendStatusPath(userId));

const friendStatusQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [friendStatusPath(userId)], queryFn: () => getFriendStatus(userId) });

export function useFriendStatus(userId: string, enabled = true) {
  return useQuery({ ...friendStatusQueryOptions(userId), enabled });
}
