import { loginInputSchema } from '@contract/auth';
import { Link } from 'wouter';
import { InputField } from '@/components/field';
import { showServerError, useSchemaForm } from '@/lib/use-schema-form';
import { useLogin } from '../api/login';
import { AuthForm } from './auth-form';
import { PasswordField } from './password-field';

export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const login = useLogin(redirectTo);
  const form = useSchemaForm(loginInputSchema, { username: '', password: '' });
  const { errors } = form.formState;

  return (
    <AuthForm
      formRef={form.formRef}
      onSubmit={form.handleSubmit((data) =>
        // docs/product.md §8: every login failure is the server's message above the form.
        login.mutate(data, { onError: (error) => showServerError(form, error) }),
      )}
      serverError={errors.root?.server?.message}
      call={login}
      submit={{ label: 'Sign In', pendingLabel: 'Signing in...' }}
      other={{ question: "Don't have an account?", path: '/register', label: 'Create one', redirectTo }}
    >
      <InputField
        id="username"
        label="Username"
        error={errors.username?.message}
        input={{
          ...form.register('username'),
          autoComplete: 'username',
          autoCapitalize: 'none',
          placeholder: 'Your username',
        }}
      />
      <PasswordField
        id="password"
        label="Password"
        error={errors.password?.message}
        input={{ ...form.register('password'), autoComplete: 'current-password', placeholder: 'Your password' }}
      />
      <p className="-mt-2 text-right text-sm">
        <Link href="/reset-password" className="text-purple-300 underline underline-offset-2 hover:text-purple-200">
          Forgot password?
        </Link>
      </p>
    </AuthForm>
  );
}
