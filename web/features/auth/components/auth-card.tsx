import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '@/components/logo';
import { Card } from '@/components/ui/card';

/** The frame both auth pages share: logo, title, subtitle and the form. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center px-4 py-10 sm:py-16">
      <Link href="/" aria-label={t`Home`} className="mb-6">
        <Logo className="size-14" />
      </Link>
      <Card className="w-full p-6 sm:p-8">
        <h1 className="text-center text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-1 text-center text-sm text-muted">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}
