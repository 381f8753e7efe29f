import { loginInputSchema } from '@contract/auth';
import { pageHref } from '@contract/pages';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound } from 'lucide-react';
import { Link } from 'wouter';
import { InputField } from '@/components/field';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { errorMessage } from '@/lib/error-message';
import { showServerError, useSchemaForm } from '@/lib/use-schema-form';
import { useLogin } from '../api/login';
import { browserHasPasskeys, passkeyPromptClosed, usePasskeySignIn } from '../api/passkeys';
import { AuthForm, AuthSwitchLink } from './auth-form';
import { PasswordField } from './password-field';

export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const login = useLogin(redirectTo);
  const form = useSchemaForm(loginInputSchema, { username: '', password: '' });
  const { errors } = form.formState;
  const { i18n, t } = useLingui();

  return (
    <div className="space-y-5">
      <AuthForm
        formRef={form.formRef}
        onSubmit={form.handleSubmit((data) =>
          // docs/product.md §8: every login failure is the server's message above the form.
          login.mutate(data, { onError: (error) => showServerError(form, error, i18n) }),
        )}
        serverError={errors.root?.server?.message}
        call={login}
        submit={{ label: t`Sign In`, pendingLabel: t`Signing in...` }}
        other={
          <Trans>
            Don't have an account?{' '}
            <AuthSwitchLink page="register" redirectTo={redirectTo}>
              Create one
            </AuthSwitchLink>
          </Trans>
        }
      >
        <InputField
          id="username"
          label={t`Username`}
          error={errors.username?.message}
          input={{
            ...form.register('username'),
            autoComplete: 'username',
            autoCapitalize: 'none',
            placeholder: t`Your username`,
          }}
        />
        <PasswordField
          id="password"
          label={t`Password`}
          error={errors.password?.message}
          input={{ ...form.register('password'), autoComplete: 'current-password', placeholder: t`Your password` }}
        />
        <p className="-mt-2 text-end text-sm">
          <Link
            href={pageHref('resetPassword')}
            className="text-purple-300 underline underline-offset-2 hover:text-purple-200"
          >
            <Trans>Forgot password?</Trans>
          </Link>
        </p>
      </AuthForm>
      <PasskeySignIn redirectTo={redirectTo} />
    </div>
  );
}

/**
 * "Use a passkey" to sign in (decision 187), where the browser has passkeys; the password stays
 * above, and keeps the only button named "Sign In".
 */
function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const signIn = usePasskeySignIn(redirectTo);
  const { i18n } = useLingui();
  if (!browserHasPasskeys()) return null;
  const failed = signIn.isError && !passkeyPromptClosed(signIn.error);
  return (
    <div className="space-y-3 border-t border-border/60 pt-5">
      {failed && <Alert variant="destructive">{errorMessage(signIn.error, i18n)}</Alert>}
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        disabled={signIn.isPending || signIn.isSuccess}
        onClick={() => signIn.mutate()}
      >
        <KeyRound aria-hidden="true" />
        {signIn.isPending ? <Trans>Waiting for your passkey...</Trans> : <Trans>Use a passkey</Trans>}
      </Button>
    </div>
  );
}
