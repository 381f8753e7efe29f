import { loginInputSchema } from '@contract/auth';
import { Link } from 'wouter';
import { Field } from '@/components/field';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { showServerError, useSchemaForm } from '@/lib/use-schema-form';
import { useLogin } from '../api/login';
import { PasswordInput } from './password-input';

export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const login = useLogin(redirectTo);
  const form = useSchemaForm(loginInputSchema, { username: '', password: '' });
  const { errors } = form.formState;

  return (
    <form
      ref={form.formRef}
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((data) =>
        // docs/product.md §8: every login failure is the server's message above the form.
        login.mutate(data, { onError: (error) => showServerError(form, error) }),
      )}
    >
      {errors.root?.server && <Alert variant="destructive">{errors.root.server.message}</Alert>}
      <Field id="username" label="Username" error={errors.username?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('username')}
            autoComplete="username"
            autoCapitalize="none"
            placeholder="Your username"
          />
        )}
      </Field>
      <Field id="password" label="Password" error={errors.password?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            {...form.register('password')}
            autoComplete="current-password"
            placeholder="Your password"
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending || login.isSuccess}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-muted">
        Don't have an account?{' '}
        <Link
          href={`/register${redirectTo !== '/' ? `?redirect=${encodeURIComponent(redirectTo)}` : ''}`}
          className="font-semibold text-purple-300 underline underline-offset-2 hover:text-purple-200"
        >
          Create one
        </Link>
      </p>
    </form>
  );
}
