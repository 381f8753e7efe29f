import { PRODUCT_NAME } from '@contract/product';
import { useLingui } from '@lingui/react/macro';
import { AchievementsScreen } from '@/features/achievements/components/achievements-screen';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function AchievementsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Achievements - ${PRODUCT_NAME}`);
  return <AchievementsScreen />;
}
