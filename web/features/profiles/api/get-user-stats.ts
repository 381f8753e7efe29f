import type { UserStats } from '@contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

const userStatsPath = (userId: string) => `/api/users/stats/${encodeURIComponent(userId)}`;

/** Anyone's six stat counters. */
const getUserStats = (userId: string) => apiGet<UserStats>(userStatsPath(userId));

const userStatsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [userStatsPath(userId)], queryFn: () => getUserStats(userId) });

export function useUserStats(userId: string | undefined) {
  return useQuery({ ...userStatsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
