import { passwordResetRequestSchema } from '@contract/auth';
import { pageHref } from '@contract/pages';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { InputField } from '@/components/field';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { showServerError, useSchemaForm } from '@/lib/use-schema-form';
import { usePasswordResetStatus, useRequestPasswordReset } from '../api/password-reset';

const linkClass = 'font-semibold text-purple-300 underline underline-offset-2 hover:text-purple-200';

/** "Forgot password?": asks for a link by username or email (docs/decisions/109-password-reset-by-email.md). */
export function ForgotPasswordForm() {
  const status = usePasswordResetStatus();
  const request = useRequestPasswordReset();
  const form = useSchemaForm(passwordResetRequestSchema, { login: '' });
  const { errors } = form.formState;
  const emailOff = status.data?.emailEnabled === false;
  const { i18n, t } = useLingui();

  // Without email there is nothing to ask for: the explanation and the way back, no form.
  if (emailOff) {
    return (
      <div className="space-y-4">
        <Alert>
          <Trans>Reset by email is not set up on this server. Ask the person who runs it to reset your password.</Trans>
        </Alert>
        <p className="text-center text-sm">
          <Link href={pageHref('login')} className={linkClass}>
            <Trans>Back to sign in</Trans>
          </Link>
        </p>
      </div>
    );
  }

  if (request.isSuccess) {
    return (
      <div className="space-y-4">
        <Alert>{request.data.message}</Alert>
        <p className="text-sm text-muted">
          <Trans>Check your inbox, and your spam folder too.</Trans>
        </p>
        <p className="text-center text-sm">
          <Link href={pageHref('login')} className={linkClass}>
            <Trans>Back to sign in</Trans>
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form
      ref={form.formRef}
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((data) =>
        request.mutate(data, { onError: (error) => showServerError(form, error, i18n) }),
      )}
    >
      {errors.root?.server?.message && <Alert variant="destructive">{errors.root.server.message}</Alert>}
      <InputField
        id="login"
        label={t`Username or email`}
        error={errors.login?.message}
        hint={t`We'll email a link to choose a new password.`}
        input={{
          ...form.register('login'),
          autoComplete: 'username',
          autoCapitalize: 'none',
          placeholder: t`Your username or email`,
        }}
      />
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
        {request.isPending ? t`Sending...` : t`Send reset link`}
      </Button>
      <p className="text-center text-sm text-muted">
        <Trans>
          Remembered it?{' '}
          <Link href={pageHref('login')} className={linkClass}>
            Sign in
          </Link>
        </Trans>
      </p>
    </form>
  );
}
