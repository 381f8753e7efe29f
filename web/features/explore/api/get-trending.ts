import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListOptions } from './explore-page-options';

/** GET /api/explore/trending (polled every 30 s); the hashtag filter narrows it when one is set. */
const trendingPath = (hashtag: string | null) =>
  hashtag ? `/api/explore/trending?hashtag=${encodeURIComponent(hashtag)}` : '/api/explore/trending';

const trendingQueryOptions = (hashtag: string | null) => pagedListOptions(trendingPath(hashtag), { poll: true });

export function useTrendingShros(hashtag: string | null) {
  return useInfiniteQuery(trendingQueryOptions(hashtag));
}
