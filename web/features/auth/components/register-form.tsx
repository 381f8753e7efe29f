import { PASSWORD_MIN, registerInputSchema, USERNAME_MAX, USERNAME_MIN } from '@contract/auth';
import { INVITE_INVALID_CODE } from '@contract/invites';
import { pageHref } from '@contract/pages';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckboxField, InputField } from '@/components/field';
import { ApiError } from '@/lib/api-client';
import { showServerError, useSchemaForm } from '@/lib/use-schema-form';
import { useRegister } from '../api/register';
import { AuthForm, AuthSwitchLink } from './auth-form';
import { PasswordField } from './password-field';

/**
 * The sign-up form. With `inviteToken` (from an invite link) the new account becomes the inviter's
 * friend; when the server says the invite no longer works, `onInviteRejected` lets the page drop it.
 */
export function RegisterForm({
  redirectTo,
  inviteToken,
  onInviteRejected,
}: {
  redirectTo: string;
  inviteToken?: string;
  onInviteRejected?: () => void;
}) {
  const register = useRegister(redirectTo);
  const form = useSchemaForm(registerInputSchema, {
    username: '',
    email: '',
    firstName: '',
    lastName: '',
    password: '',
    confirmPassword: '',
  });
  const { errors } = form.formState;
  const { i18n, t } = useLingui();

  return (
    <AuthForm
      formRef={form.formRef}
      onSubmit={form.handleSubmit((data) =>
        // docs/product.md §8: a taken username (409) goes to its field, anything else above the form.
        register.mutate(
          { ...data, ...(inviteToken ? { inviteToken } : {}) },
          {
            onError: (error) => {
              showServerError(form, error, i18n);
              // By its code: the words are in the reader's language (decision 167).
              if (error instanceof ApiError && error.code === INVITE_INVALID_CODE) onInviteRejected?.();
            },
          },
        ),
      )}
      serverError={errors.root?.server?.message}
      call={register}
      submit={{ label: t`Create Account`, pendingLabel: t`Creating account...` }}
      other={
        <Trans>
          Already have an account?{' '}
          <AuthSwitchLink page="login" redirectTo={redirectTo}>
            Sign in
          </AuthSwitchLink>
        </Trans>
      }
    >
      {/* The rules are shown before the first mistake; the error replaces them. */}
      <InputField
        id="username"
        label={t`Username`}
        error={errors.username?.message}
        hint={t`${USERNAME_MIN}–${USERNAME_MAX} letters, numbers, underscores or dots.`}
        input={{
          ...form.register('username'),
          autoComplete: 'username',
          autoCapitalize: 'none',
          placeholder: t`Pick a username`,
        }}
      />
      <InputField
        id="email"
        label={t`Email`}
        error={errors.email?.message}
        input={{ ...form.register('email'), type: 'email', autoComplete: 'email', placeholder: t`you@example.com` }}
      />
      <div className="grid grid-cols-2 gap-3">
        <InputField
          id="firstName"
          label={t`First name`}
          error={errors.firstName?.message}
          input={{ ...form.register('firstName'), autoComplete: 'given-name', placeholder: t`Optional` }}
        />
        <InputField
          id="lastName"
          label={t`Last name`}
          error={errors.lastName?.message}
          input={{ ...form.register('lastName'), autoComplete: 'family-name', placeholder: t`Optional` }}
        />
      </div>
      <PasswordField
        id="password"
        label={t`Password`}
        error={errors.password?.message}
        hint={t`At least ${PASSWORD_MIN} characters.`}
        input={{ ...form.register('password'), autoComplete: 'new-password', placeholder: t`Choose a password` }}
      />
      <PasswordField
        id="confirmPassword"
        label={t`Confirm password`}
        error={errors.confirmPassword?.message}
        input={{ ...form.register('confirmPassword'), autoComplete: 'new-password', placeholder: t`Type it again` }}
      />
      <CheckboxField
        id="acceptTerms"
        label={
          // The terms open in a new tab, so what was typed here stays.
          <Trans>
            I agree to the{' '}
            <a
              href={pageHref('terms')}
              target="_blank"
              rel="noopener"
              className="font-semibold text-purple-300 underline underline-offset-2 hover:text-purple-200"
            >
              Terms of Service
            </a>
          </Trans>
        }
        error={errors.acceptTerms?.message}
        input={form.register('acceptTerms')}
      />
    </AuthForm>
  );
}
