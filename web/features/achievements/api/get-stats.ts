import type { UserStats } from '@contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

const statsPath = '/api/stats';

/** The signed-in user's six counters (docs/product.md §3 Stats). */
const getStats = () => apiGet<UserStats>(statsPath);

const statsQueryOptions = queryOptions({ queryKey: [statsPath], queryFn: getStats });

export function useStats() {
  return useQuery({ ...statsQueryOptions, refetchOnMount: 'always' });
}
