import type { FriendRequestItem } from '@contract/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const sentRequestsPath = '/api/friends/sent';

/** Requests I sent that are still unanswered; `user` is who was asked. */
export const getSentRequests = () => apiGet<FriendRequestItem[]>(sentRequestsPath);

export const sentRequestsQueryOptions = queryOptions({ queryKey: [sentRequestsPath], queryFn: getSentRequests });

export function useSentRequests() {
  return useQuery(sentRequestsQueryOptions);
}
