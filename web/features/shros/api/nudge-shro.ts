import type { NudgeResult } from '@contract/shro-nudge';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';

const nudgeShro = (shroId: string) => apiRequest<NudgeResult>('POST', apiPaths.nudgeShro(shroId));

/** POST /api/sessions/:id/nudge: the creator reminds the recipients who have not opened it. */
export function useNudgeShro() {
  return useMutation({ mutationFn: nudgeShro });
}
