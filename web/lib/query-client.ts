import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet } from './api-client';

/** The shared reader: the first query key is the path (spec §7). */
export const pathQueryFn: QueryFunction = ({ queryKey }) => apiGet(String(queryKey[0]));

/** Spec §9 defaults: no interval or focus refetch, data never stale, no retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: pathQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
