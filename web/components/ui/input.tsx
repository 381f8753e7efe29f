import { useLingui } from '@lingui/react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-11 w-full rounded-xl border border-border bg-base/60 px-3.5 text-base text-zinc-100 placeholder:text-muted/70 transition-colors focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 disabled:opacity-50 aria-[invalid=true]:border-danger sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'w-full rounded-xl border border-border bg-base/60 px-3.5 py-2.5 text-base text-zinc-100 placeholder:text-muted/70 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={cn('text-sm font-medium text-zinc-200', className)} {...props} />;
}

/**
 * A field's refusal. Most are the contract's texts (a schema's message), translated in the
 * server's catalogs, which the page loads with its own (decision 167).
 */
export function FieldError({ id, message }: { id: string; message?: string }) {
  const { i18n } = useLingui();
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-400">
      {i18n._(message)}
    </p>
  );
}
