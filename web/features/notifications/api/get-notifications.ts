import type { NotificationItem } from '@contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const notificationsPath = '/api/notifications';

const getNotifications = () => apiGet<NotificationItem[]>(notificationsPath);

const notificationsQueryOptions = queryOptions({ queryKey: [notificationsPath], queryFn: getNotifications });

/** Only fetched when signed in (docs/product.md §7); the header badge and the list share this one query. */
export function useNotifications(enabled: boolean, options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({ ...notificationsQueryOptions, enabled, ...options });
}
