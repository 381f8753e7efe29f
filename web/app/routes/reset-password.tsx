import { PRODUCT_NAME } from '@contract/product';
import { useSearch } from 'wouter';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /reset-password: ask for a link; with ?token= (the link from the email) choose the new password. */
export default function ResetPasswordPage() {
  useDocumentTitle(`Reset Password - ${PRODUCT_NAME}`);
  const token = new URLSearchParams(useSearch()).get('token');
  return token ? (
    <AuthCard title="Choose a new password" subtitle="Pick one you don't use anywhere else">
      <ResetPasswordForm token={token} />
    </AuthCard>
  ) : (
    <AuthCard title="Forgot your password?" subtitle="It happens. We'll help you back in.">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
