import type { ReactNode } from 'react';
import { useAuth } from '@/features/auth/api/get-user';
import { LazyPartView, lazyPart } from '@/lib/lazy-part';
import { LoadingScreen } from './loading-screen';
import { OfflineNotice } from './offline-notice';

/** A page of its own, for visitors only: loaded when one opens a login-required route (decision 094). */
export const loginRequiredPage = lazyPart(async () => ({
  default: (await import('../routes/login-required')).LoginRequired,
}));

/**
 * Login-required routes: a loading screen while auth loads, then the page or the Login Required
 * page. A check that could not reach the server is not "signed out": the last user's page, or an
 * offline notice when this device has none.
 */
export function Protected({ children }: { children: ReactNode }) {
  const { user, isLoading, isOffline } = useAuth();
  if (isLoading) return <LoadingScreen />;
  if (!user) return isOffline ? <OfflineNotice /> : <LazyPartView part={loginRequiredPage} />;
  return <>{children}</>;
}
