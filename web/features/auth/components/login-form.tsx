import { loginInputSchema } from '@contract/auth';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-message';
import { useLogin } from '../api/login';
import { PasswordInput } from './password-input';
import { useZodForm } from './use-zod-form';

export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const login = useLogin(redirectTo);
  const form = useZodForm(loginInputSchema, { username: '', password: '' });
  const serverError = login.error ? errorMessage(login.error) : null;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((data) => {
        login.reset();
        login.mutate(data);
      })}
    >
      {serverError && <Alert variant="destructive">{serverError}</Alert>}
      <div className="space-y-1.5">
        <Label htmlFor="username">Username</Label>
        <Input
          {...form.fieldProps('username')}
          autoComplete="username"
          autoCapitalize="none"
          placeholder="Your username"
        />
        <FieldError id="username-error" message={form.errors.username} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="password">Password</Label>
        <PasswordInput {...form.fieldProps('password')} autoComplete="current-password" placeholder="Your password" />
        <FieldError id="password-error" message={form.errors.password} />
      </div>
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
