import type { ReactNode } from 'react';
import { useAuth } from '@/features/auth/api/get-user';
import { LoginRequired } from '../routes/login-required';
import { LoadingScreen } from './loading-screen';

/** Login-required routes: a loading screen while auth loads, then the page or the Login Required page. */
export function Protected({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;
  if (!user) return <LoginRequired />;
  return <>{children}</>;
}
