import type { FriendRequestItem } from '@contract/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** Requests I sent that are still unanswered; `user` is who was asked. */
const getSentRequests = () => apiGet<FriendRequestItem[]>(apiPaths.sentRequests);

const sentRequestsQueryOptions = queryOptions({ queryKey: queryKey(apiPaths.sentRequests), queryFn: getSentRequests });

export function useSentRequests() {
  return useQuery(sentRequestsQueryOptions);
}
