import { PRODUCT_NAME } from '@contract/product';
import { SafetyMenu } from '@/features/blocks/components/safety-menu';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotificationsPage() {
  useDocumentTitle(`Notifications - ${PRODUCT_NAME}`);
  return (
    <NotificationList
      itemActions={(notification) =>
        notification.actor || notification.sessionId ? (
          <SafetyMenu
            user={notification.actor ?? null}
            shroId={notification.sessionId ?? undefined}
            label={`Options for “${notification.title}”`}
          />
        ) : null
      }
    />
  );
}
