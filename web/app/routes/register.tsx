import { PRODUCT_NAME } from '@contract/product';
import { useSearch } from 'wouter';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { redirectParam } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function RegisterPage() {
  useDocumentTitle(`Create Account - Join ${PRODUCT_NAME}`);
  const redirectTo = redirectParam(useSearch());
  return (
    <AuthCard title="Create your account" subtitle={`Join ${PRODUCT_NAME} and start deciding with friends`}>
      <RegisterForm redirectTo={redirectTo} />
    </AuthCard>
  );
}
