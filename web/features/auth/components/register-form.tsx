import { PASSWORD_MIN, registerInputSchema, USERNAME_MAX, USERNAME_MIN } from '@contract/auth';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-message';
import { useRegister } from '../api/register';
import { PasswordInput } from './password-input';
import { useZodForm } from './use-zod-form';

export function RegisterForm({ redirectTo }: { redirectTo: string }) {
  const register = useRegister(redirectTo);
  const form = useZodForm(registerInputSchema, {
    username: '',
    email: '',
    firstName: '',
    lastName: '',
    password: '',
    confirmPassword: '',
  });
  const serverError = register.error ? errorMessage(register.error) : null;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(() => {
        register.reset();
        register.mutate(form.values as never);
      })}
    >
      {serverError && <Alert variant="destructive">{serverError}</Alert>}
      <div className="space-y-1.5">
        <Label htmlFor="username">Username</Label>
        <Input
          {...form.fieldProps('username', 'username-hint')}
          autoComplete="username"
          autoCapitalize="none"
          placeholder="Pick a username"
        />
        {form.errors.username ? (
          <FieldError id="username-error" message={form.errors.username} />
        ) : (
          <p id="username-hint" className="text-sm text-muted">
            {USERNAME_MIN}–{USERNAME_MAX} letters, numbers, underscores or dots.
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="email">Email</Label>
        <Input {...form.fieldProps('email')} type="email" autoComplete="email" placeholder="you@example.com" />
        <FieldError id="email-error" message={form.errors.email} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="firstName">First name</Label>
          <Input {...form.fieldProps('firstName')} autoComplete="given-name" placeholder="Optional" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="lastName">Last name</Label>
          <Input {...form.fieldProps('lastName')} autoComplete="family-name" placeholder="Optional" />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="password">Password</Label>
        <PasswordInput
          {...form.fieldProps('password', 'password-hint')}
          autoComplete="new-password"
          placeholder="Choose a password"
        />
        {/* The rule is shown before the first mistake; the error replaces it. */}
        {form.errors.password ? (
          <FieldError id="password-error" message={form.errors.password} />
        ) : (
          <p id="password-hint" className="text-sm text-muted">
            At least {PASSWORD_MIN} characters.
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="confirmPassword">Confirm password</Label>
        <PasswordInput
          {...form.fieldProps('confirmPassword')}
          autoComplete="new-password"
          placeholder="Type it again"
        />
        <FieldError id="confirmPassword-error" message={form.errors.confirmPassword} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={register.isPending || register.isSuccess}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <Link
          href={`/login${redirectTo !== '/' ? `?redirect=${encodeURIComponent(redirectTo)}` : ''}`}
          className="font-semibold text-purple-300 underline underline-offset-2 hover:text-purple-200"
        >
          Sign in
        </Link>
      </p>
    </form>
  );
}
