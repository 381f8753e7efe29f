import type {
  ModerationActionInput,
  ModerationActionResult,
  ModerationLogEntry,
  ModerationQueueItem,
  ModerationTarget,
  ReportTargetType,
} from '@contract/moderation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiRequest } from '@/lib/api-client';
import { apiPaths, pathPrefix, queryKey } from '@/lib/api-paths';

/**
 * GET /api/moderation/me: true for a moderator; false when the server answers 404 (everyone else).
 * Only asked when signed in.
 */
const moderatorMeQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.moderatorMe),
  queryFn: async () => {
    try {
      await apiGet<{ isModerator: true }>(apiPaths.moderatorMe);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return false;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

export function useIsModerator(enabled = true) {
  return useQuery({ ...moderatorMeQueryOptions, enabled });
}

export function useModerationQueue() {
  return useQuery({
    queryKey: queryKey(apiPaths.moderationQueue),
    queryFn: () => apiGet<ModerationQueueItem[]>(apiPaths.moderationQueue),
    refetchInterval: 30_000,
  });
}

/** The reported content; each fetch is an audited view, so it is not refetched on focus. */
export function useModerationTarget(target: { type: ReportTargetType; id: string } | null) {
  return useQuery({
    queryKey: queryKey(apiPaths.moderationTarget(target?.type ?? '', target?.id ?? '')),
    queryFn: () => apiGet<ModerationTarget>(apiPaths.moderationTarget(target!.type, target!.id)),
    enabled: target !== null,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useModerationLog(enabled: boolean) {
  return useQuery({
    queryKey: queryKey(apiPaths.moderationLog),
    queryFn: () => apiGet<ModerationLogEntry[]>(apiPaths.moderationLog),
    enabled,
  });
}

export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModerationActionInput) =>
      apiRequest<ModerationActionResult>('POST', apiPaths.moderationActions, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries(pathPrefix(apiPaths.moderationQueue));
      await queryClient.invalidateQueries(pathPrefix(apiPaths.moderationLog));
    },
  });
}
