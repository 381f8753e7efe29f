import type { Shro } from '@contract/shro-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const copyShro = ({ shroId, expiresAt }: { shroId: string; expiresAt: string | null }) =>
  apiRequest<Shro>('POST', apiPaths.copyShro(shroId), { expiresAt });

/** "Share again with a new expiry": POST /api/sessions/:id/copy; the answer is the new Shro's creator view. */
export function useCopyShro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyShro,
    onSuccess: (shro) => {
      queryClient.setQueryData(queryKey(apiPaths.shro(shro.id)), shro);
      void queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.shros) });
      void queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.home) });
    },
  });
}
