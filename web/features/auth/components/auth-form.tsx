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
  /** The link to the other auth page, keeping where to go afterwards. */
  other: { question: string; path: '/login' | '/register'; label: string; redirectTo: string };
  children: ReactNode;
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
      <p className="text-center text-sm text-muted">
        {other.question}{' '}
        <Link
          href={`${other.path}${other.redirectTo !== '/' ? `?redirect=${encodeURIComponent(other.redirectTo)}` : ''}`}
          className="font-semibold text-purple-300 underline underline-offset-2 hover:text-purple-200"
        >
          {other.label}
        </Link>
      </p>
    </form>
  );
}
