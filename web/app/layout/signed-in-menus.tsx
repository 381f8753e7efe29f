import { appPages } from '@contract/pages';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Compass, LogOut, Plus, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { LoadOnIntent } from '@/components/load-on-intent';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { useAuth } from '@/features/auth/api/get-user';
import { useLogout } from '@/features/auth/api/logout';
import { accountMenuItems } from './nav-items';
import { capBadge, useTotalUnread } from './use-unread-counts';

/*
 * The signed-in menus (decision 094): the desktop nav, and the phone menu's account items and
 * buttons. Loaded by the signed-in shell's chunk (signed-in-shell.tsx): with the page on a desktop,
 * where the nav shows; on a phone, where the nav is hidden, when the menu button is reached for.
 */

/** The signed-in desktop menu: its Radix code loads when the user reaches for it (decision 094). */
const loadAccountMenu = () => import('./account-menu');

function useMenuLabel() {
  const { user } = useAuth();
  return user ? user.username || user.id : '';
}

/** Desktop: Explore, the account menu with its unread badge, Create and Logout. */
export function SignedInNav() {
  const logout = useLogout();
  const { counts, total } = useTotalUnread();
  const menuLabel = useMenuLabel();
  const { t } = useLingui();
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link href={appPages.explore.path}>
          <Compass /> <Trans>Explore</Trans>
        </Link>
      </Button>
      <LoadOnIntent
        load={loadAccountMenu}
        props={{ counts }}
        popup="menu"
        trigger={
          <Button variant="secondary" size="sm" className="relative max-w-48">
            <span className="truncate">{menuLabel}</span>
            {total > 0 && (
              <Badge aria-label={t`${plural(total, { one: '# unread', other: '# unread' })}`}>{capBadge(total)}</Badge>
            )}
          </Button>
        }
      />
      <Button asChild size="sm">
        <Link href={appPages.create.path}>
          <Plus /> <Trans>Create</Trans>
        </Link>
      </Button>
      <Button variant="ghost" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
        <LogOut className="rtl:-scale-x-100" /> <Trans>Logout</Trans>
      </Button>
    </>
  );
}

/** Phone menu: who is signed in. */
export function MobileSignedInAs() {
  const menuLabel = useMenuLabel();
  return (
    <p className="px-3 pb-2 text-sm text-muted">
      <Trans>
        Signed in as <span className="font-semibold text-zinc-100">@{menuLabel}</span>
      </Trans>
    </p>
  );
}

/** Phone menu: the account's pages with their badges, and Moderation for moderators. */
export function MobileAccountItems() {
  const { counts } = useTotalUnread();
  const { i18n } = useLingui();
  return (
    <>
      {accountMenuItems.map((item) => {
        const count = 'badge' in item ? counts[item.badge] : 0;
        return (
          <li key={item.href}>
            <Link href={item.href} className="flex items-center gap-3 rounded-xl px-3 py-3 hover:bg-surface-2">
              <item.icon className="size-5 text-muted" />
              <span className="flex-1">{i18n._(item.label)}</span>
              {count > 0 && (
                <Badge>{'badge' in item && item.badge === 'notifications' ? count : capBadge(count)}</Badge>
              )}
            </Link>
          </li>
        );
      })}
      <MobileModerationItem />
    </>
  );
}

/** Moderators reach /moderation from the menu. */
function MobileModerationItem() {
  const isModerator = useAuth().user?.isModerator === true;
  if (!isModerator) return null;
  return (
    <li>
      <Link href={appPages.moderation.path} className="flex items-center gap-3 rounded-xl px-3 py-3 hover:bg-surface-2">
        <ShieldCheck className="size-5 text-muted" />
        <span className="flex-1">
          <Trans>Moderation</Trans>
        </span>
      </Link>
    </li>
  );
}

/** Phone menu: Create and Logout. */
export function MobileSignedInActions() {
  const logout = useLogout();
  return (
    <>
      <Button asChild>
        <Link href={appPages.create.path}>
          <Plus /> <Trans>Create</Trans>
        </Link>
      </Button>
      <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
        <LogOut className="rtl:-scale-x-100" /> <Trans>Logout</Trans>
      </Button>
    </>
  );
}
