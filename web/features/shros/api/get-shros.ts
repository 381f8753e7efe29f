import type { HistoryTab } from '@contract/shro-inputs';
import type { ShroListResponse } from '@contract/shro-views';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

export interface ShroHistoryQuery {
  tab: HistoryTab;
  page: number;
  pageSize: number;
}

const shroHistoryUrl = ({ tab, page, pageSize }: ShroHistoryQuery) =>
  apiPaths.shroHistory({ tab, page: String(page), pageSize: String(pageSize) });

/** The history, one tab and page at a time; the first key stays the path so one invalidation covers all. */
const shroHistoryQueryOptions = (query: ShroHistoryQuery) =>
  queryOptions({
    queryKey: queryKey(apiPaths.shros, query),
    queryFn: () => apiGet<ShroListResponse>(shroHistoryUrl(query)),
    // History changes as friends open boxes; refetch when the page is shown again.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useShroHistory(query: ShroHistoryQuery) {
  return useQuery(shroHistoryQueryOptions(query));
}
