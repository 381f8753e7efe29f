import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const ToastProvider = ToastPrimitive.Provider;

/**
 * The region: F8 focuses it (Radix default hotkey); max width 420px from medium screens up. On a
 * phone toasts sit at the top, just under the sticky header (and the offline notice): at the
 * bottom they covered what the user was doing there (the form's fields, a Shro's boxes, a
 * centred dialog's rows). From medium screens up, at the bottom corner, lifted above the floating
 * Create button, the chat composer and a form's buttons at the end of its page (the create form's
 * at 1280 px wide), beside the centred dialogs. Never over the
 * header, its menu button and badge; the region itself lets taps through, only toasts take them.
 */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        'pointer-events-none fixed inset-x-0 top-[calc(4.5rem+env(safe-area-inset-top)+var(--offline-banner-height,0px))] z-[100] flex max-h-[calc(100dvh-10rem)] w-full flex-col gap-2 px-4 md:bottom-[calc(7.5rem+env(safe-area-inset-bottom))] md:left-auto md:right-0 md:top-auto md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

export function Toast({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: 'default' | 'destructive' }) {
  return (
    <ToastPrimitive.Root
      className={cn(
        'group pointer-events-auto relative flex w-full items-center justify-between gap-3 overflow-hidden rounded-2xl border p-4 pr-8 shadow-2xl transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=open]:animate-pop',
        variant === 'destructive'
          ? 'border-red-500/50 bg-red-950 text-red-50'
          : 'border-border bg-surface-2 text-zinc-50',
        className,
      )}
      {...props}
    />
  );
}

export const ToastTitle = ({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) => (
  <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />
);

export const ToastDescription = ({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) => (
  <ToastPrimitive.Description className={cn('text-sm opacity-90', className)} {...props} />
);

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  const { t } = useLingui();
  return (
    <ToastPrimitive.Close
      aria-label={t`Close`}
      className={cn('absolute right-2 top-2 rounded-md p-1 text-zinc-300 opacity-70 hover:opacity-100', className)}
      {...props}
    >
      <X className="size-4" />
    </ToastPrimitive.Close>
  );
}
