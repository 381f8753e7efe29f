import { DropdownMenu } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * The app's "…" menus (Radix DropdownMenu): the panel, portalled and aligned to the trigger's end,
 * and its rows. Root and Trigger are Radix's own; import this only where a menu is, so Radix's
 * menu code stays out of pages without one (decision 094).
 */
export function MenuContent({ className, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className={cn(
          'z-50 min-w-56 rounded-2xl border border-border bg-surface p-1.5 shadow-2xl data-[state=open]:animate-pop',
          className,
        )}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}

/** One row: a 44 px tall target, an icon then its label; `destructive` for blocking or deleting. */
export function MenuItem({
  className,
  destructive,
  ...props
}: ComponentProps<typeof DropdownMenu.Item> & { destructive?: boolean }) {
  return (
    <DropdownMenu.Item
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-sm outline-none data-[highlighted]:bg-surface-2',
        destructive && 'text-red-300',
        className,
      )}
      {...props}
    />
  );
}
