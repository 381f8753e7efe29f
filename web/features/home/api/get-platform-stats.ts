import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

const platformStatsPath = '/api/platform/stats';

const platformStatsQueryOptions = queryOptions({
  queryKey: [platformStatsPath],
  queryFn: () => apiGet<{ totalShros: number }>(platformStatsPath),
});

export const usePlatformStats = () => useQuery(platformStatsQueryOptions);
