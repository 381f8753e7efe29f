import type { HistoryTab, ShroListResponse } from '@contract/shros';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const shrosPath = '/api/sessions';

export interface ShroHistoryQuery {
  tab: HistoryTab;
  page: number;
  pageSize: number;
}

const shroHistoryUrl = ({ tab, page, pageSize }: ShroHistoryQuery) =>
  `${shrosPath}?${new URLSearchParams({ tab, page: String(page), pageSize: String(pageSize) })}`;

/** The history, one tab and page at a time; the first key stays the path so one invalidation covers all. */
const shroHistoryQueryOptions = (query: ShroHistoryQuery) =>
  queryOptions({
    queryKey: [shrosPath, query],
    queryFn: () => apiGet<ShroListResponse>(shroHistoryUrl(query)),
    // History changes as friends open boxes; refetch when the page is shown again.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useShroHistory(query: ShroHistoryQuery) {
  return useQuery(shroHistoryQueryOptions(query));
}
