import { pageHref } from '@contract/pages';
import { pageMeta } from '@contract/seo';
import { lazy, Suspense } from 'react';
import { PageMeta } from '@/components/page-meta';
import { AccountDeletedNotice } from '@/features/account/components/account-deleted-notice';
import { useAuth } from '@/features/auth/api/get-user';
import { VisitorHome } from '@/features/home/components/visitor-home';
import { LoadingScreen } from '../layout/loading-screen';

/**
 * The signed-in home (inbox, friend requests, quick actions) is its own chunk: a visitor never
 * loads it, and a signed-in user's starts with the app (early-reads.ts), beside the auth check
 * that shows the same loading screen meanwhile (decision 094).
 */
const HomeMember = lazy(() => import('./home-member'));

export default function HomePage() {
  const { user, isLoading } = useAuth();
  return (
    <>
      <PageMeta meta={{ ...pageMeta.home, path: pageHref('home') }} />
      <AccountDeletedNotice />
      {isLoading ? (
        <LoadingScreen />
      ) : user ? (
        <Suspense fallback={<LoadingScreen />}>
          <HomeMember />
        </Suspense>
      ) : (
        <VisitorHome />
      )}
    </>
  );
}
