import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths } from '@/lib/api-paths';
import { pagedListOptions } from './explore-page-options';

/** GET /api/explore/trending (polled every 30 s); the hashtag filter narrows it when one is set. */
const trendingQueryOptions = (hashtag: string | null) => pagedListOptions(apiPaths.trending(hashtag), { poll: true });

export function useTrendingShros(hashtag: string | null) {
  return useInfiniteQuery(trendingQueryOptions(hashtag));
}
