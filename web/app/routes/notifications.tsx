import { PRODUCT_NAME } from '@contract/product';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotificationsPage() {
  useDocumentTitle(`Notifications - ${PRODUCT_NAME}`);
  return <NotificationList />;
}
