import { useUnreadMessageCount } from '@/features/chat/api/get-unread-count';
import { useNotifications } from '@/features/notifications/api/get-notifications';

/** Unread notifications and messages for the header badges; nothing is fetched for visitors. */
function useUnreadCounts(signedIn: boolean) {
  const notifications = useNotifications(signedIn);
  const messages = useUnreadMessageCount(signedIn);
  return {
    notifications: notifications.data?.filter((n) => !n.isRead).length ?? 0,
    messages: typeof messages.data === 'number' ? messages.data : 0,
  };
}

/** Desktop badges cap at "9+" (docs/product.md §2). */
export const capBadge = (count: number) => (count > 9 ? '9+' : String(count));

/** The counts, and their sum for the menu buttons' badges (signed-in users only). */
export function useTotalUnread() {
  const counts = useUnreadCounts(true);
  return { counts, total: counts.notifications + counts.messages };
}
