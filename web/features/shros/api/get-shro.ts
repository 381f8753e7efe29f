import type { Shro } from '@contract/shro-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';
import { useLiveConnected } from '@/lib/live';

/** docs/product.md §9: the session page polls every 2000 ms. A failed load (404) stops polling. */
const SHRO_POLL_MS = 2000;

/** Also started by the app itself when a tab opens on a Shro page (web/app/early-reads.ts). */
export const shroQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKey(apiPaths.shro(id)),
    queryFn: () => apiGet<Shro>(apiPaths.shro(id)),
    // Fresh for one poll interval: the page mounting right after the early read does not ask again.
    staleTime: SHRO_POLL_MS,
    refetchInterval: (query) => (query.state.status === 'error' ? false : SHRO_POLL_MS),
  });

/**
 * Changes that happen by time alone, with no event on the live channel: "selected" turns
 * "revealed" after the reveal delay, and a link expires at `expiresAt`.
 */
function timedRefetch(shro: Shro | undefined): number | false {
  if (!shro) return false;
  if (shro.status === 'selected') return SHRO_POLL_MS;
  if (shro.status !== 'expired' && shro.expiresAt) {
    const untilExpiry = new Date(shro.expiresAt).getTime() - Date.now();
    // Timers longer than ~24 days overflow; a later poll or event will get there first anyway.
    if (untilExpiry > 0 && untilExpiry < 2 ** 31 - 1000) return Math.max(SHRO_POLL_MS, untilExpiry + 500);
  }
  return false;
}

/** The Shro, polled every 2 s, or refreshed by the live channel while it is healthy. */
export function useShro(id: string) {
  const live = useLiveConnected();
  return useQuery({
    ...shroQueryOptions(id),
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      // Spec polling is the fallback; while the live channel is healthy its events refresh the Shro.
      if (!live) return SHRO_POLL_MS;
      return timedRefetch(query.state.data);
    },
  });
}
