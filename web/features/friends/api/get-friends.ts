import type { Friend } from '@contract/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const friendsPath = '/api/friends';

export const getFriends = () => apiGet<Friend[]>(friendsPath);

export const friendsQueryOptions = queryOptions({ queryKey: [friendsPath], queryFn: getFriends });

export function useFriends() {
  return useQuery(friendsQueryOptions);
}
