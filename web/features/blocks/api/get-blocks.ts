import type { BlockedUser } from '@contract/blocks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const blocksQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.blocks),
  queryFn: () => apiGet<BlockedUser[]>(apiPaths.blocks),
});

/** The people the signed-in user blocked, newest first (only when signed in). */
export function useBlocks(enabled = true) {
  return useQuery({ ...blocksQueryOptions, enabled });
}
