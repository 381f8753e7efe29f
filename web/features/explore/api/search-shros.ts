import { EXPLORE_SEARCH_MIN, EXPLORE_SEARCH_STALE_MS } from '@contract/explore-limits';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths } from '@/lib/api-paths';
import { pagedListOptions } from './explore-page-options';

/** GET /api/explore/search (docs/product.md §7: q and hashtag both get the term; fresh for 1 minute). */
const searchQueryOptions = (term: string) =>
  pagedListOptions(apiPaths.exploreSearch(term), { poll: false, staleTime: EXPLORE_SEARCH_STALE_MS });

/** Asks nothing below 3 characters; earlier results stay on screen while the next ones load. */
export function useSearchShros(term: string) {
  return useInfiniteQuery({
    ...searchQueryOptions(term),
    enabled: term.length >= EXPLORE_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
}
