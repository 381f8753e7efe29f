import type { HomeInbox } from '@contract/home';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';
import { usePollInterval } from '@/lib/live';

const homeInboxQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.home),
  queryFn: () => apiGet<HomeInbox>(apiPaths.home),
  // Live events refresh it (a Shro received, a box opened, a share in chat); polling only without them.
  refetchInterval: 15_000,
});

/** What waits for the signed-in user, and their own open Shros with opened counts. */
export function useHomeInbox() {
  return useQuery({
    ...homeInboxQueryOptions,
    refetchInterval: usePollInterval(homeInboxQueryOptions.refetchInterval),
  });
}
