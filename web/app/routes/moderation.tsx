import { PRODUCT_NAME } from '@contract/product';
import { useAuth } from '@/features/auth/api/get-user';
import { useIsModerator } from '@/features/moderation/api/is-moderator';
import { ModerationScreen } from '@/features/moderation/components/moderation-screen';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoadingScreen } from '../layout/loading-screen';
import NotFoundPage from './not-found';

/**
 * /moderation: moderators only. Everyone else, visitors included, gets the not-found screen, as
 * the API answers them 404 (GET /api/moderation/me decides).
 */
export default function ModerationPage() {
  const { user, isLoading } = useAuth();
  const moderator = useIsModerator(Boolean(user));
  if (isLoading || (user && moderator.isLoading)) return <LoadingScreen />;
  if (!user || moderator.data !== true) return <NotFoundPage />;
  return <ModerationContent />;
}

function ModerationContent() {
  useDocumentTitle(`Moderation - ${PRODUCT_NAME}`);
  return <ModerationScreen />;
}
