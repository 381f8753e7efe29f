import { Trans } from '@lingui/react/macro';
import { lazy, type ReactNode, Suspense } from 'react';
import { LoadBoundary } from '@/components/load-boundary';
import { useAuth } from '@/features/auth/api/get-user';
import { Header } from './header';
import { LazyToaster } from './lazy-toaster';
import { OfflineBanner } from './offline-banner';
import { usePageViews } from './use-page-views';

/** Signed-in users only: loaded once auth says there is one, with the header's signed-in parts (decision 094). */
const SignedInShell = lazy(() => import('./signed-in-shell'));

export function AppLayout({ children }: { children: ReactNode }) {
  usePageViews();
  const { user } = useAuth();
  return (
    <div className="relative flex min-h-dvh flex-col overflow-x-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none fixed inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(168,85,247,0.18),transparent_55%),radial-gradient(ellipse_at_bottom_right,rgba(236,72,153,0.12),transparent_50%)]"
      />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-3 focus:py-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      <Header />
      <OfflineBanner />
      <main id="main" className="flex flex-1 flex-col pb-[env(safe-area-inset-bottom)]">
        {children}
      </main>
      <LazyToaster />
      {user && (
        <LoadBoundary fallback={null}>
          <Suspense fallback={null}>
            <SignedInShell key={user.id} />
          </Suspense>
        </LoadBoundary>
      )}
    </div>
  );
}
