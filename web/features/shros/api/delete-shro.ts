import type { DeleteShroResponse } from '@contract/shros';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { shroPath } from './get-shro';
import { shrosPath } from './get-shros';

const deleteShro = (shroId: string) => apiRequest<DeleteShroResponse>('DELETE', shroPath(shroId));

/** The creator deletes it for everyone; a recipient removes it from their own history (docs/product.md §4). */
export function useDeleteShro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShro,
    onSuccess: (_result, shroId) => {
      queryClient.removeQueries({ queryKey: [shroPath(shroId)] });
      return queryClient.invalidateQueries({ queryKey: [shrosPath] });
    },
  });
}
