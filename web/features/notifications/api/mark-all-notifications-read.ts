import type { MarkAllNotificationsReadResult, NotificationItem } from '@contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const markAllNotificationsRead = () =>
  apiRequest<MarkAllNotificationsReadResult>('PATCH', apiPaths.markAllNotificationsRead);

/** Marks every notification read; the list and the header badge update at once. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      queryClient.setQueryData<NotificationItem[]>(queryKey(apiPaths.notifications), (list) =>
        list?.map((n) => ({ ...n, isRead: true })),
      );
      void queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.notifications) });
    },
  });
}
