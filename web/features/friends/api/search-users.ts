import type { FriendSearchResult } from '@contract/friends';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const searchUsers = (term: string) => apiGet<FriendSearchResult[]>(apiPaths.friendSearch(term));

const searchUsersQueryOptions = (term: string) =>
  queryOptions({ queryKey: queryKey(apiPaths.friendSearch(term)), queryFn: () => searchUsers(term) });

/** Username search; nothing is asked for an empty term. Old results stay while the next ones load. */
export function useSearchUsers(term: string) {
  return useQuery({ ...searchUsersQueryOptions(term), enabled: term.length > 0, placeholderData: keepPreviousData });
}
