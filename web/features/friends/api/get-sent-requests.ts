import type { FriendRequestItem } from '@contract/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

const sentRequestsPath = '/api/friends/sent';

/** Requests I sent that are still unanswered; `user` is who was asked. */
const getSentRequests = () => apiGet<FriendRequestItem[]>(sentRequestsPath);

const sentRequestsQueryOptions = queryOptions({ queryKey: [sentRequestsPath], queryFn: getSentRequests });

export function useSentRequests() {
  return useQuery(sentRequestsQueryOptions);
}
