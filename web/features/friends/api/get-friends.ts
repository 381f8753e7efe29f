import type { Friend } from '@contract/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

const friendsPath = '/api/friends';

const getFriends = () => apiGet<Friend[]>(friendsPath);

const friendsQueryOptions = queryOptions({ queryKey: [friendsPath], queryFn: getFriends });

export function useFriends() {
  return useQuery(friendsQueryOptions);
}
