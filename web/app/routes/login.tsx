import { PRODUCT_NAME } from '@contract/product';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { SignedInRedirect } from '@/features/auth/components/signed-in-redirect';
import { useRedirectTarget } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoadingScreen } from '../layout/loading-screen';

export default function LoginPage() {
  useDocumentTitle(`Sign In - ${PRODUCT_NAME}`);
  const redirectTo = useRedirectTarget();
  return (
    <SignedInRedirect to={redirectTo} loading={<LoadingScreen />}>
      <AuthCard title="Welcome back" subtitle="Sign in to open and send mystery boxes">
        <LoginForm redirectTo={redirectTo} />
      </AuthCard>
    </SignedInRedirect>
  );
}
