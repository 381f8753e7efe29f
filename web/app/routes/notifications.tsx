import { PRODUCT_NAME } from '@contract/product';
import { useLingui } from '@lingui/react/macro';
import { SafetyMenu } from '@/features/blocks/components/safety-menu';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotificationsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Notifications - ${PRODUCT_NAME}`);
  return (
    <NotificationList
      itemActions={(notification) => {
        if (!notification.actor && !notification.sessionId) return null;
        const title = notification.title;
        return (
          <SafetyMenu
            user={notification.actor ?? null}
            shroId={notification.sessionId ?? undefined}
            label={t`Options for “${title}”`}
          />
        );
      }}
    />
  );
}
