import type { TitleKind, TitleSearchResult } from '@contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchLabel, trackEvent } from '@/lib/analytics';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** docs/product.md §5/§9: search after more than 2 characters; first 8 results; cached 5 minutes. */
export const TITLE_SEARCH_MIN_LENGTH = 3;
const TITLE_SEARCH_RESULTS = 8;
const FIVE_MINUTES = 5 * 60 * 1000;

const searchTitles = async (kind: TitleKind, query: string) => {
  trackEvent('search_movie', { label: searchLabel(query) });
  const { results } = await apiGet<{ results: TitleSearchResult[] }>(
    `${apiPaths.titleSearch(kind)}?query=${encodeURIComponent(query)}`,
  );
  return results.slice(0, TITLE_SEARCH_RESULTS);
};

const titleSearchQueryOptions = (kind: TitleKind, query: string) =>
  queryOptions({
    queryKey: queryKey(apiPaths.titleSearch(kind), query),
    queryFn: () => searchTitles(kind, query),
    staleTime: FIVE_MINUTES,
    gcTime: FIVE_MINUTES,
  });

/** `query` should already be debounced; shorter terms do not search. */
export function useTitleSearch(kind: TitleKind, query: string) {
  const term = query.trim();
  return useQuery({ ...titleSearchQueryOptions(kind, term), enabled: term.length >= TITLE_SEARCH_MIN_LENGTH });
}
