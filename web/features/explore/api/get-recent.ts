import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListOptions } from './explore-page-options';

/** GET /api/explore (docs/product.md §7: optional hashtag; polled every 30 s). */
const recentPath = (hashtag: string | null) =>
  hashtag ? `/api/explore?hashtag=${encodeURIComponent(hashtag)}` : '/api/explore';

const recentQueryOptions = (hashtag: string | null) => pagedListOptions(recentPath(hashtag), { poll: true });

export function useRecentShros(hashtag: string | null) {
  return useInfiniteQuery(recentQueryOptions(hashtag));
}
