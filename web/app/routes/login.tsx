import { PRODUCT_NAME } from '@contract/product';
import { useLingui } from '@lingui/react/macro';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { SignedInRedirect } from '@/features/auth/components/signed-in-redirect';
import { useRedirectTarget } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoadingScreen } from '../layout/loading-screen';

export default function LoginPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Sign In - ${PRODUCT_NAME}`);
  const redirectTo = useRedirectTarget();
  return (
    <SignedInRedirect to={redirectTo} loading={<LoadingScreen />}>
      <AuthCard title={t`Welcome back`} subtitle={t`Sign in to open and send mystery boxes`}>
        <LoginForm redirectTo={redirectTo} />
      </AuthCard>
    </SignedInRedirect>
  );
}
