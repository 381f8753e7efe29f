import type { UserStats } from '@contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** Anyone's six stat counters. */
const getUserStats = (userId: string) => apiGet<UserStats>(apiPaths.userStats(userId));

const userStatsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKey(apiPaths.userStats(userId)), queryFn: () => getUserStats(userId) });

export function useUserStats(userId: string | undefined) {
  return useQuery({ ...userStatsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
