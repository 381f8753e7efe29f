import { appPages } from '@contract/pages';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldCheck } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'wouter';
import type { LoadedPopupProps } from '@/components/load-on-intent';
import { Badge } from '@/components/ui/card';
import { useAuth } from '@/features/auth/api/get-user';
import { accountMenuItems } from './nav-items';
import { capBadge } from './use-unread-counts';

interface AccountMenuProps extends LoadedPopupProps {
  counts: { notifications: number; messages: number };
}

/**
 * The signed-in desktop menu (Radix dropdown). Loaded when the user reaches for the account
 * button, not with the page: Radix's menu and popper code stay out of the first load (decision 094).
 */
export default function AccountMenu({ trigger, counts, defaultOpen }: AccountMenuProps) {
  const isModerator = useAuth().user?.isModerator === true;
  const { i18n } = useLingui();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-2xl border border-border bg-surface p-1.5 shadow-2xl data-[state=open]:animate-pop"
        >
          {accountMenuItems.map((item) => {
            const count = 'badge' in item ? counts[item.badge] : 0;
            return (
              <DropdownMenu.Item key={item.href} asChild>
                <Link
                  href={item.href}
                  className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm outline-none data-[highlighted]:bg-surface-2"
                >
                  <item.icon className="size-4 text-muted" />
                  <span className="flex-1">{i18n._(item.label)}</span>
                  {count > 0 && <Badge>{capBadge(count)}</Badge>}
                </Link>
              </DropdownMenu.Item>
            );
          })}
          {isModerator && (
            <DropdownMenu.Item asChild>
              <Link
                href={appPages.moderation.path}
                className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm outline-none data-[highlighted]:bg-surface-2"
              >
                <ShieldCheck className="size-4 text-muted" />
                <span className="flex-1">
                  <Trans>Moderation</Trans>
                </span>
              </Link>
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
