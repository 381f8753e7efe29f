import type { SelectBoxInput } from '@contract/shro-inputs';
import type { Shro } from '@contract/shro-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackEvent } from '@/lib/analytics';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const selectBox = (shroId: string, input: SelectBoxInput) =>
  apiRequest<Shro>('POST', apiPaths.selectBox(shroId), input);

/** Opens one box; the answer is this viewer's Shro with the opened box's content and salt. */
export function useSelectBox(shroId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (boxId: number) => selectBox(shroId, { boxId }),
    onSuccess: (shro, boxId) => {
      trackEvent('select_box', { label: shro.boxes.find((b) => b.id === boxId)?.position ?? null });
      queryClient.setQueryData(queryKey(apiPaths.shro(shroId)), shro);
    },
    // The answer is this viewer's fresh view: only a refusal (already picked elsewhere, expired) refetches.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.shro(shroId)) }),
  });
}
