import { pageHref } from '@contract/pages';
import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { LoadBoundary } from '@/components/load-boundary';
import { useAuth } from '../api/get-user';

const TermsDialog = lazy(() => import('./terms-dialog'));

/** The legal pages stay readable: the dialog links to /terms in a new tab. */
const LEGAL_PATHS = new Set([pageHref('terms'), pageHref('privacy'), pageHref('support')]);

/**
 * Shows the terms dialog to a signed-in user who must accept the current terms; its code loads
 * only for them (docs/decisions/113-terms-acceptance.md).
 */
export function TermsGate() {
  const { user, isOffline } = useAuth();
  const [location] = useLocation();
  if (!user?.mustAcceptTerms || isOffline || LEGAL_PATHS.has(location)) return null;
  return (
    <LoadBoundary fallback={null}>
      <Suspense fallback={null}>
        <TermsDialog />
      </Suspense>
    </LoadBoundary>
  );
}
