import type { NotificationItem } from '@contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const markNotificationRead = (id: number) => apiRequest<NotificationItem>('PATCH', apiPaths.markNotificationRead(id));

/** Marks one notification read; the list and the header badge update at once. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<NotificationItem[]>(queryKey(apiPaths.notifications), (list) =>
        list?.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.notifications) });
    },
  });
}
