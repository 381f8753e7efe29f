import type { PlatformStats } from '@contract/platform';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const platformStatsQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.platformStats),
  queryFn: () => apiGet<PlatformStats>(apiPaths.platformStats),
});

export const usePlatformStats = () => useQuery(platformStatsQueryOptions);
