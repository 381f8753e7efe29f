import type { ModerationTarget, ReportTargetType } from '@contract/moderation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

type TargetRef = { type: ReportTargetType; id: string };

/** GET /api/moderation/targets/{type}/{id}: the content in review, in full (an audited view). */
const getModerationTarget = (target: TargetRef) =>
  apiGet<ModerationTarget>(apiPaths.moderationTarget(target.type, target.id));

const moderationTargetQueryOptions = (target: TargetRef | null) =>
  queryOptions({
    queryKey: queryKey(apiPaths.moderationTarget(target?.type ?? '', target?.id ?? '')),
    queryFn: () => getModerationTarget(target!),
    enabled: target !== null,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The reported content; each fetch is an audited view, so it is not refetched on focus. */
export function useModerationTarget(target: TargetRef | null) {
  return useQuery(moderationTargetQueryOptions(target));
}
