import type { ExplorePage } from '@contract/explore';
import { EXPLORE_POLL_MS, EXPLORE_STALE_MS } from '@contract/explore-limits';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKey } from '@/lib/api-paths';

/** `path` with `page` added: every explore list pages the same way. */
const withPage = (path: string, page: number) =>
  page === 1 ? path : `${path}${path.includes('?') ? '&' : '?'}page=${page}`;

/**
 * A paged explore list as an infinite query keyed by its first page's path (the shared reader's
 * rule). docs/product.md §9: trending and recent poll every 30 s and stay fresh 30 s.
 */
export const pagedListOptions = (path: string, options: { poll: boolean; staleTime?: number }) =>
  infiniteQueryOptions({
    queryKey: queryKey(path),
    queryFn: ({ pageParam }) => apiGet<ExplorePage>(withPage(path, pageParam)),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    refetchInterval: options.poll ? EXPLORE_POLL_MS : false,
    staleTime: options.staleTime ?? EXPLORE_STALE_MS,
  });
