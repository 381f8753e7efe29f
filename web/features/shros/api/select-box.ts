import type { SelectBoxInput, Shro } from '@contract/shros';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackEvent } from '@/lib/analytics';
import { apiRequest } from '@/lib/api-client';
import { shroPath } from './get-shro';

const selectBox = (shroId: string, input: SelectBoxInput) =>
  apiRequest<Shro>('POST', `${shroPath(shroId)}/select`, input);

/** Opens one box; the answer is this viewer's Shro with the opened box's content and salt. */
export function useSelectBox(shroId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (boxId: number) => selectBox(shroId, { boxId }),
    onSuccess: (shro, boxId) => {
      trackEvent('select_box', { label: shro.boxes.find((b) => b.id === boxId)?.position ?? null });
      queryClient.setQueryData([shroPath(shroId)], shro);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [shroPath(shroId)] }),
  });
}
