import { passwordResetConfirmFormSchema } from '@contract/auth';
import { pageHref } from '@contract/pages';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { showServerError, useSchemaForm } from '@/lib/use-schema-form';
import { useConfirmPasswordReset } from '../api/password-reset';
import { PasswordField } from './password-field';

const linkClass = 'font-semibold text-purple-300 underline underline-offset-2 hover:text-purple-200';

/** The new-password form a reset link opens; every device is signed out once it is set. */
export function ResetPasswordForm({ token, onChanged }: { token: string; onChanged?: () => void }) {
  const confirm = useConfirmPasswordReset();
  const form = useSchemaForm(passwordResetConfirmFormSchema, { token, newPassword: '', confirmPassword: '' });
  const { errors } = form.formState;
  // A bad token is the form's problem, not a field's: the link itself is no good.
  const tokenProblem = errors.token?.message;
  const { i18n, t } = useLingui();

  if (confirm.isSuccess) {
    return (
      <div className="space-y-4">
        <Alert>
          <Trans>Your password has been changed. Every device was signed out.</Trans>
        </Alert>
        <Button asChild size="lg" className="w-full">
          <Link href={pageHref('login')}>
            <Trans>Sign in</Trans>
          </Link>
        </Button>
      </div>
    );
  }

  return (
    <form
      ref={form.formRef}
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(({ token: value, newPassword }) =>
        confirm.mutate(
          { token: value, newPassword },
          { onSuccess: () => onChanged?.(), onError: (error) => showServerError(form, error, i18n) },
        ),
      )}
    >
      {(errors.root?.server?.message ?? tokenProblem) && (
        <Alert variant="destructive">
          {errors.root?.server?.message ?? tokenProblem}{' '}
          <Link href={pageHref('resetPassword')} className={linkClass}>
            <Trans>Get a new link</Trans>
          </Link>
        </Alert>
      )}
      <PasswordField
        id="new-password"
        label={t`New password`}
        error={errors.newPassword?.message}
        hint={t`At least 6 characters. You'll be signed out everywhere.`}
        input={{ ...form.register('newPassword'), autoComplete: 'new-password' }}
      />
      <PasswordField
        id="confirm-password"
        label={t`Confirm new password`}
        error={errors.confirmPassword?.message}
        input={{ ...form.register('confirmPassword'), autoComplete: 'new-password' }}
      />
      <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending ? t`Saving...` : t`Set new password`}
      </Button>
    </form>
  );
}
