import { PRODUCT_NAME } from '@contract/product';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { SignedInRedirect } from '@/features/auth/components/signed-in-redirect';
import { useRedirectTarget } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoadingScreen } from '../layout/loading-screen';

export default function RegisterPage() {
  useDocumentTitle(`Create Account - Join ${PRODUCT_NAME}`);
  const redirectTo = useRedirectTarget();
  return (
    <SignedInRedirect to={redirectTo} loading={<LoadingScreen />}>
      <AuthCard title="Create your account" subtitle={`Join ${PRODUCT_NAME} and start deciding with friends`}>
        <RegisterForm redirectTo={redirectTo} />
      </AuthCard>
    </SignedInRedirect>
  );
}
