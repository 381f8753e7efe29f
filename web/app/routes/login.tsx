import { PRODUCT_NAME } from '@contract/product';
import { useSearch } from 'wouter';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { redirectParam } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function LoginPage() {
  useDocumentTitle(`Sign In - ${PRODUCT_NAME}`);
  const redirectTo = redirectParam(useSearch());
  return (
    <AuthCard title="Welcome back" subtitle="Sign in to open and send mystery boxes">
      <LoginForm redirectTo={redirectTo} />
    </AuthCard>
  );
}
