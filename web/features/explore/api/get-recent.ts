import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths } from '@/lib/api-paths';
import { pagedListOptions } from './explore-page-options';

/** GET /api/explore (docs/product.md §7: optional hashtag; polled every 30 s). */
const recentQueryOptions = (hashtag: string | null) => pagedListOptions(apiPaths.recent(hashtag), { poll: true });

export function useRecentShros(hashtag: string | null) {
  return useInfiniteQuery(recentQueryOptions(hashtag));
}
