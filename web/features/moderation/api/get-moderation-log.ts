import type { ModerationLogEntry } from '@contract/moderation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** GET /api/moderation/log: the audit log, newest first. */
const getModerationLog = () => apiGet<ModerationLogEntry[]>(apiPaths.moderationLog);

const moderationLogQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.moderationLog),
  queryFn: getModerationLog,
});

export function useModerationLog(enabled: boolean) {
  return useQuery({ ...moderationLogQueryOptions, enabled });
}
