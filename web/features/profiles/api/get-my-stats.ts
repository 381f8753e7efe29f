import type { UserStats } from '@contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

const myStatsPath = '/api/stats';

/** The signed-in user's own counters. */
const getMyStats = () => apiGet<UserStats>(myStatsPath);

const myStatsQueryOptions = queryOptions({ queryKey: [myStatsPath], queryFn: getMyStats });

export function useMyStats() {
  // Counters move as the user plays: read them afresh on each visit.
  return useQuery({ ...myStatsQueryOptions, refetchOnMount: 'always' });
}
