import { PRODUCT_NAME } from '@contract/product';
import { AchievementsScreen } from '@/features/achievements/components/achievements-screen';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function AchievementsPage() {
  useDocumentTitle(`Achievements - ${PRODUCT_NAME}`);
  return <AchievementsScreen />;
}
