import type { CreateReportInput, ReportCreated } from '@contract/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** POST /api/reports, then (when asked in the same dialog) POST /api/users/{id}/block. */
export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ report, blockUserId }: { report: CreateReportInput; blockUserId: string | null }) => {
      const created = await apiRequest<ReportCreated>('POST', apiPaths.reports, report);
      if (blockUserId) await apiRequest<unknown>('POST', apiPaths.userBlock(blockUserId));
      return { created, blocked: blockUserId !== null };
    },
    onSuccess: async ({ blocked }) => {
      // A block reaches into friends, chat, explore and Shros: every read refetches, the block list first.
      if (!blocked) return;
      await queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.blocks) });
      void queryClient.invalidateQueries();
    },
  });
}
