import type { ShareShroResponse } from '@contract/achievements';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';

/** POST /api/sessions/:id/share: counts a share for the Shro and its creator (Trendsetter). */
const shareShro = (shroId: string) => apiRequest<ShareShroResponse>('POST', apiPaths.shareShro(shroId));

export function useShareShro() {
  return useMutation({ mutationFn: shareShro });
}
