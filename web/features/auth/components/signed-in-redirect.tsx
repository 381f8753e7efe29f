import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useAuth } from '../api/get-user';

/**
 * The sign-in and sign-up pages are for visitors: a signed-in user goes straight on to `to`
 * (the page's checked `?redirect=` target), replacing the history entry so Back does not return
 * to a form they cannot use. Nothing is shown while the auth check is still loading.
 */
export function SignedInRedirect({ to, loading, children }: { to: string; loading: ReactNode; children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <>{loading}</>;
  if (user) return <Redirect to={to} replace />;
  return <>{children}</>;
}
