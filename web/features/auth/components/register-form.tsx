import { PASSWORD_MIN, registerInputSchema, USERNAME_MAX, USERNAME_MIN } from '@contract/auth';
import { Link } from 'wouter';
import { Field } from '@/components/field';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { showServerError, useSchemaForm } from '@/lib/use-schema-form';
import { useRegister } from '../api/register';
import { PasswordInput } from './password-input';

export function RegisterForm({ redirectTo }: { redirectTo: string }) {
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

  return (
    <form
      ref={form.formRef}
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((data) =>
        // docs/product.md §8: a taken username (409) goes to its field, anything else above the form.
        register.mutate(data, { onError: (error) => showServerError(form, error) }),
      )}
    >
      {errors.root?.server && <Alert variant="destructive">{errors.root.server.message}</Alert>}
      {/* The rules are shown before the first mistake; the error replaces them. */}
      <Field
        id="username"
        label="Username"
        error={errors.username?.message}
        hint={`${USERNAME_MIN}–${USERNAME_MAX} letters, numbers, underscores or dots.`}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('username')}
            autoComplete="username"
            autoCapitalize="none"
            placeholder="Pick a username"
          />
        )}
      </Field>
      <Field id="email" label="Email" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('email')}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="firstName" label="First name" error={errors.firstName?.message}>
          {(control) => (
            <Input {...control} {...form.register('firstName')} autoComplete="given-name" placeholder="Optional" />
          )}
        </Field>
        <Field id="lastName" label="Last name" error={errors.lastName?.message}>
          {(control) => (
            <Input {...control} {...form.register('lastName')} autoComplete="family-name" placeholder="Optional" />
          )}
        </Field>
      </div>
      <Field
        id="password"
        label="Password"
        error={errors.password?.message}
        hint={`At least ${PASSWORD_MIN} characters.`}
      >
        {(control) => (
          <PasswordInput
            {...control}
            {...form.register('password')}
            autoComplete="new-password"
            placeholder="Choose a password"
          />
        )}
      </Field>
      <Field id="confirmPassword" label="Confirm password" error={errors.confirmPassword?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            {...form.register('confirmPassword')}
            autoComplete="new-password"
            placeholder="Type it again"
          />
        )}
      </Field>
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
