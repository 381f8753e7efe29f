import type { ModerationQueueItem } from '@contract/moderation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** GET /api/moderation/queue: open reports grouped by target, then Shros waiting for approval. */
const getModerationQueue = () => apiGet<ModerationQueueItem[]>(apiPaths.moderationQueue);

const moderationQueueQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.moderationQueue),
  queryFn: getModerationQueue,
  refetchInterval: 30_000,
});

export function useModerationQueue() {
  return useQuery(moderationQueueQueryOptions);
}
