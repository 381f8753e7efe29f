import type { MarkAllNotificationsReadResult, NotificationItem } from '@contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationsPath } from './get-notifications';

const markAllNotificationsRead = () =>
  apiRequest<MarkAllNotificationsReadResult>('PATCH', '/api/notifications/read-all');

/** Marks every notification read; the list and the header badge update at once. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      queryClient.setQueryData<NotificationItem[]>([notificationsPath], (list) =>
        list?.map((n) => ({ ...n, isRead: true })),
      );
      void queryClient.invalidateQueries({ queryKey: [notificationsPath] });
    },
  });
}
