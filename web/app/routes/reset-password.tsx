import { PRODUCT_NAME } from '@contract/product';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /reset-password: ask for a link; with ?token= (the link from the email) choose the new password. */
export default function ResetPasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Reset Password - ${PRODUCT_NAME}`);
  const token = new URLSearchParams(useSearch()).get('token');
  const [changed, setChanged] = useState(false);
  return token ? (
    <AuthCard
      title={changed ? t`Password changed` : t`Choose a new password`}
      subtitle={changed ? t`Sign in with your new password` : t`Pick one you don't use anywhere else`}
    >
      <ResetPasswordForm token={token} onChanged={() => setChanged(true)} />
    </AuthCard>
  ) : (
    <AuthCard title={t`Forgot your password?`} subtitle={t`It happens. We'll help you back in.`}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
