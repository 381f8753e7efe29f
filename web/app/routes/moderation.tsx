import { PRODUCT_NAME } from '@contract/product';
import { useLingui } from '@lingui/react/macro';
import { useAuth } from '@/features/auth/api/get-user';
import { ModerationScreen } from '@/features/moderation/components/moderation-screen';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoadingScreen } from '../layout/loading-screen';
import NotFoundPage from './not-found';

/**
 * /moderation: moderators only. Everyone else, visitors included, gets the not-found screen, as
 * the API answers them 404 (the signed-in user says whether they moderate; the API decides).
 */
export default function ModerationPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;
  if (!user?.isModerator) return <NotFoundPage />;
  return <ModerationContent />;
}

function ModerationContent() {
  const { t } = useLingui();
  useDocumentTitle(t`Moderation - ${PRODUCT_NAME}`);
  return <ModerationScreen />;
}
