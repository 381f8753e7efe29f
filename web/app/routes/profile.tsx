import { PRODUCT_NAME } from '@contract/product';
import { useAuth } from '@/features/auth/api/get-user';
import { SecuritySection } from '@/features/auth/components/security-section';
import { OwnProfile } from '@/features/profiles/components/own-profile';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ProfilePage() {
  useDocumentTitle(`Your Profile - ${PRODUCT_NAME}`);
  const { user } = useAuth();
  if (!user) return null;
  return (
    <OwnProfile user={user}>
      <SecuritySection />
    </OwnProfile>
  );
}
