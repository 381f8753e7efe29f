import type { CreateReportInput, ReportCreated } from '@contract/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** POST /api/reports, then (when asked in the same dialog) POST /api/blocks/{id}. */
export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      report,
      blockUserId,
    }: {
      report: CreateReportInput;
      blockUserId: string | null;
      /** True while the dialog that will say "You blocked …" is still there to refresh after it. */
      dialogShown: () => boolean;
    }) => {
      const created = await apiRequest<ReportCreated>('POST', apiPaths.reports, report);
      if (blockUserId) await apiRequest<unknown>('POST', apiPaths.userBlock(blockUserId));
      return { created, blocked: blockUserId !== null };
    },
    onSuccess: async ({ blocked }, { dialogShown }) => {
      // The block list at once. Every other read a block reaches (friends, chat, explore, Shros)
      // refetches once the dialog that says so has closed (`useRefreshAfterBlock`): now, it would
      // take away the message or Shro the dialog sits on, and the thanks with it. Should the
      // dialog be gone already (its page left meanwhile), now.
      if (!blocked) return;
      await queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.blocks) });
      if (!dialogShown()) void queryClient.invalidateQueries();
    },
  });
}

/** Refetches every read, after a block made in the report dialog (see `useCreateReport`). */
export function useRefreshAfterBlock() {
  const queryClient = useQueryClient();
  // Stable: the dialog runs it when it unmounts.
  return useCallback(() => void queryClient.invalidateQueries(), [queryClient]);
}
