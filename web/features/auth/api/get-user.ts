import type { CurrentUser } from '@contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGetOrNullOn401 } from '@/lib/api-client';

export const currentUserPath = '/api/auth/user';

/** 401 means signed out; cached 5 minutes, no retry, no refetch on focus (spec §7). */
export const currentUserQueryOptions = queryOptions({
  queryKey: [currentUserPath],
  queryFn: () => apiGetOrNullOn401<CurrentUser>(currentUserPath),
  staleTime: 300_000,
  retry: false,
  refetchOnWindowFocus: false,
});

export function useAuth() {
  const query = useQuery(currentUserQueryOptions);
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: Boolean(user) };
}
