import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const platformStatsPath = '/api/platform/stats';

export const platformStatsQueryOptions = queryOptions({
  queryKey: [platformStatsPath],
  queryFn: () => apiGet<{ totalShros: number }>(platformStatsPath),
});

export const usePlatformStats = () => useQuery(platformStatsQueryOptions);
