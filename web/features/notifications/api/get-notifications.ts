import type { NotificationItem } from '@contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const getNotifications = () => apiGet<NotificationItem[]>(apiPaths.notifications);

const notificationsQueryOptions = queryOptions({
  queryKey: queryKey(apiPaths.notifications),
  queryFn: getNotifications,
});

/** Only fetched when signed in (docs/product.md §7); the header badge and the list share this one query. */
export function useNotifications(enabled: boolean, options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({ ...notificationsQueryOptions, enabled, ...options });
}
