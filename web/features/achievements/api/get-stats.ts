import type { UserStats } from '@contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const statsPath = '/api/stats';

/** The signed-in user's six counters (spec §3 Stats). */
export const getStats = () => apiGet<UserStats>(statsPath);

export const statsQueryOptions = queryOptions({ queryKey: [statsPath], queryFn: getStats });

export function useStats() {
  return useQuery({ ...statsQueryOptions, refetchOnMount: 'always' });
}
