import { onlineManager, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet } from './api-client';

/** The shared reader: the first query key is the path (docs/product.md §7). */
const pathQueryFn: QueryFunction = ({ queryKey }) => apiGet(String(queryKey[0]));

/**
 * docs/product.md §9 defaults: no interval or focus refetch, data never stale, no retries. Reads wait while
 * offline; writes always run, so one made offline fails at once with a clear message instead of
 * waiting unseen in a queue.
 */
export function createQueryClient() {
  // The query client assumes online until an event says otherwise; a page loaded offline must know.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: pathQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
