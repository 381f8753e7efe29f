import { useLingui } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-border/70 bg-surface/80 shadow-xl shadow-black/20 backdrop-blur',
        className,
      )}
      {...props}
    />
  );
}

export function Alert({
  className,
  variant = 'info',
  ...props
}: ComponentProps<'div'> & { variant?: 'info' | 'destructive' }) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-xl border px-4 py-3 text-sm',
        variant === 'destructive'
          ? 'border-red-500/40 bg-red-500/10 text-red-200'
          : 'border-brand/40 bg-brand/10 text-zinc-100',
        className,
      )}
      {...props}
    />
  );
}

export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-pink-600 px-1.5 text-[11px] font-bold leading-5 text-white',
        className,
      )}
      {...props}
    />
  );
}

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useLingui();
  return (
    <span
      role="status"
      aria-label={label ?? t`Loading`}
      className={cn('inline-block size-5 animate-spin rounded-full border-2 border-brand/30 border-t-brand', className)}
    />
  );
}
