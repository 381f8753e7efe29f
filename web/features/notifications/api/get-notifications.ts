import type { NotificationItem } from '@contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export type { NotificationItem };

export const notificationsPath = '/api/notifications';

export const getNotifications = () => apiGet<NotificationItem[]>(notificationsPath);

export const notificationsQueryOptions = queryOptions({ queryKey: [notificationsPath], queryFn: getNotifications });

/** Only fetched when signed in (spec §7); the header badge and the list share this one query. */
export function useNotifications(enabled: boolean, options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({ ...notificationsQueryOptions, enabled, ...options });
}
