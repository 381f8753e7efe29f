import { pageHref } from '@contract/pages';
import type { FormEventHandler, ReactNode, RefObject } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';

interface AuthFormProps {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form-level message: a failed call that belongs to no one field. */
  serverError: string | undefined;
  /** The sign-in or sign-up call: the button waits while it runs and stays off once it succeeded. */
  call: { isPending: boolean; isSuccess: boolean };
  submit: { label: string; pendingLabel: string };
  /**
   * The line under the button: the question with its `AuthSwitchLink` to the other auth page, one
   * sentence in one message (`<Trans>Don't have an account? <AuthSwitchLink …>Create one</AuthSwitchLink></Trans>`).
   */
  other: ReactNode;
  children: ReactNode;
}

/** The link to the other auth page, keeping where to go afterwards. */
export function AuthSwitchLink({
  page,
  redirectTo,
  children,
}: {
  page: 'login' | 'register';
  redirectTo: string;
  children?: ReactNode;
}) {
  return (
    <Link
      href={pageHref(page, { query: { redirect: redirectTo !== '/' ? redirectTo : undefined } })}
      className="font-semibold text-purple-300 underline underline-offset-2 hover:text-purple-200"
    >
      {children}
    </Link>
  );
}

/** The frame of the login and register forms: the form's message, its fields, the button and the other page's link. */
export function AuthForm({ formRef, onSubmit, serverError, call, submit, other, children }: AuthFormProps) {
  return (
    <form ref={formRef} noValidate className="space-y-4" onSubmit={onSubmit}>
      {serverError && <Alert variant="destructive">{serverError}</Alert>}
      {children}
      <Button type="submit" size="lg" className="w-full" disabled={call.isPending || call.isSuccess}>
        {call.isPending ? submit.pendingLabel : submit.label}
      </Button>
      <p className="text-center text-sm text-muted">{other}</p>
    </form>
  );
}
