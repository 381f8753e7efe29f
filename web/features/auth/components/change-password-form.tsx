import { changePasswordFormSchema } from '@contract/auth';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/input';
import { showServerError, useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/use-toast';
import { useChangePassword } from '../api/change-password';
import { PasswordField } from './password-field';

/** Change password (PUT /api/auth/password): every other device is signed out, this one stays (decision 102). */
export function ChangePasswordForm() {
  const form = useSchemaForm(changePasswordFormSchema, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const change = useChangePassword();
  const { errors } = form.formState;
  const { i18n, t } = useLingui();

  const submit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ ended }) => {
          form.reset();
          toast({
            title: t`Password changed`,
            description: ended
              ? t`${plural(ended, { one: '# other device was signed out.', other: '# other devices were signed out.' })}`
              : undefined,
          });
        },
        // A wrong current password is a 400 on its field; anything else (429, network) above the button.
        onError: (error) => showServerError(form, error, i18n, { 400: 'currentPassword' }),
      },
    ),
  );

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="space-y-4" aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="font-semibold">
        <Trans>Change password</Trans>
      </h3>
      <PasswordField
        id="current-password"
        label={t`Current password`}
        error={errors.currentPassword?.message}
        input={{ ...form.register('currentPassword'), autoComplete: 'current-password' }}
      />
      <PasswordField
        id="new-password"
        label={t`New password`}
        error={errors.newPassword?.message}
        hint={t`At least 6 characters. Your other devices will be signed out.`}
        input={{ ...form.register('newPassword'), autoComplete: 'new-password' }}
      />
      <PasswordField
        id="confirm-new-password"
        label={t`Confirm new password`}
        error={errors.confirmPassword?.message}
        input={{ ...form.register('confirmPassword'), autoComplete: 'new-password' }}
      />
      {errors.root?.server?.message && <FieldError id="change-password-error" message={errors.root.server.message} />}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? t`Changing...` : t`Change password`}
      </Button>
    </form>
  );
}
