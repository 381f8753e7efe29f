import type { DeleteShroResponse } from '@contract/shro-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const deleteShro = (shroId: string) => apiRequest<DeleteShroResponse>('DELETE', apiPaths.shro(shroId));

/** The creator deletes it for everyone; a recipient removes it from their own history (docs/product.md §4). */
export function useDeleteShro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShro,
    onSuccess: (_result, shroId) => {
      queryClient.removeQueries({ queryKey: queryKey(apiPaths.shro(shroId)) });
      return queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.shros) });
    },
  });
}
