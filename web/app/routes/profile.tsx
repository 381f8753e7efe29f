import { PRODUCT_NAME } from '@contract/product';
import { YourDataSection } from '@/features/account/components/your-data-section';
import { useAuth } from '@/features/auth/api/get-user';
import { SecuritySection } from '@/features/auth/components/security-section';
import { BlockedUsersSection } from '@/features/blocks/components/blocked-users-section';
import { NotificationSettingsSection } from '@/features/notifications/components/notification-settings';
import { OwnProfile } from '@/features/profiles/components/own-profile';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ProfilePage() {
  useDocumentTitle(`Your Profile - ${PRODUCT_NAME}`);
  const { user } = useAuth();
  if (!user) return null;
  return (
    <OwnProfile user={user}>
      <SecuritySection />
      <NotificationSettingsSection />
      <BlockedUsersSection />
      <YourDataSection />
    </OwnProfile>
  );
}
