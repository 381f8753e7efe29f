import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListOptions } from './explore-page-options';

/** GET /api/explore (spec §7: optional hashtag; polled every 30 s). */
export const recentPath = (hashtag: string | null) =>
  hashtag ? `/api/explore?hashtag=${encodeURIComponent(hashtag)}` : '/api/explore';

export const recentQueryOptions = (hashtag: string | null) => pagedListOptions(recentPath(hashtag), { poll: true });

export function useRecentShros(hashtag: string | null) {
  return useInfiniteQuery(recentQueryOptions(hashtag));
}
