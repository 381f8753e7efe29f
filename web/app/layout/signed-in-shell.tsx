import { appPages } from '@contract/pages';
import { Compass, LogOut, Plus, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { LoadOnIntent } from '@/components/load-on-intent';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { useAuth } from '@/features/auth/api/get-user';
import { useLogout } from '@/features/auth/api/logout';
import { TermsGate } from '@/features/auth/components/terms-gate';
import { useIsModerator } from '@/features/moderation/api/is-moderator';
import { accountMenuItems } from './nav-items';
import { useArrivalToasts } from './use-arrival-toasts';
import { capBadge, useUnreadCounts } from './use-unread-counts';

/*
 * What only a signed-in user's shell runs, in one chunk a visitor never downloads (decision 094):
 * the header's menus, badges and Logout, the arrival toasts (with the conversation list, mutes and
 * notification settings they read) and the terms gate. It loads once auth says there is a user, or
 * from the start when someone was signed in on this device (early-reads.ts); until then the header
 * looks as it does while auth is checked. One chunk, so the toasts start watching with the badges'
 * first read, and what was already there when the tab opened is not announced.
 */

/** AppLayout's part: the arrival toasts and the terms gate. Mounted per user, so an account switch starts afresh. */
export default function SignedInShell() {
  useArrivalToasts();
  return <TermsGate />;
}

/** The signed-in desktop menu: its Radix code loads when the user reaches for it (decision 094). */
const loadAccountMenu = () => import('./account-menu');

function useMenuLabel() {
  const { user } = useAuth();
  return user ? user.username || user.id : '';
}

function useTotalUnread() {
  const counts = useUnreadCounts(true);
  return { counts, total: counts.notifications + counts.messages };
}

/** Desktop: Explore, the account menu with its unread badge, Create and Logout. */
export function SignedInNav() {
  const logout = useLogout();
  const { counts, total } = useTotalUnread();
  const menuLabel = useMenuLabel();
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link href={appPages.explore.path}>
          <Compass /> Explore
        </Link>
      </Button>
      <LoadOnIntent
        load={loadAccountMenu}
        props={{ counts }}
        popup="menu"
        trigger={
          <Button variant="secondary" size="sm" className="relative max-w-48">
            <span className="truncate">{menuLabel}</span>
            {total > 0 && <Badge aria-label={`${total} unread`}>{capBadge(total)}</Badge>}
          </Button>
        }
      />
      <Button asChild size="sm">
        <Link href={appPages.create.path}>
          <Plus /> Create
        </Link>
      </Button>
      <Button variant="ghost" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
        <LogOut /> Logout
      </Button>
    </>
  );
}

/** Phone: the unread count on the menu button. Issue 13: notifications and messages together, raw (docs/product.md §2). */
export function MobileUnreadBadge() {
  const { total } = useTotalUnread();
  if (total <= 0) return null;
  return (
    <Badge className="absolute -right-0.5 -top-0.5" aria-label={`${total} unread`}>
      {total}
    </Badge>
  );
}

/** Phone menu: who is signed in. */
export function MobileSignedInAs() {
  const menuLabel = useMenuLabel();
  return (
    <p className="px-3 pb-2 text-sm text-muted">
      Signed in as <span className="font-semibold text-zinc-100">@{menuLabel}</span>
    </p>
  );
}

/** Phone menu: the account's pages with their badges, and Moderation for moderators. */
export function MobileAccountItems() {
  const { counts } = useTotalUnread();
  return (
    <>
      {accountMenuItems.map((item) => {
        const count = 'badge' in item ? counts[item.badge] : 0;
        return (
          <li key={item.href}>
            <Link href={item.href} className="flex items-center gap-3 rounded-xl px-3 py-3 hover:bg-surface-2">
              <item.icon className="size-5 text-muted" />
              <span className="flex-1">{item.label}</span>
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

/** Moderators reach /moderation from the menu; asked when the phone menu opens, not with the page. */
function MobileModerationItem() {
  const isModerator = useIsModerator().data === true;
  if (!isModerator) return null;
  return (
    <li>
      <Link href={appPages.moderation.path} className="flex items-center gap-3 rounded-xl px-3 py-3 hover:bg-surface-2">
        <ShieldCheck className="size-5 text-muted" />
        <span className="flex-1">Moderation</span>
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
          <Plus /> Create
        </Link>
      </Button>
      <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
        <LogOut /> Logout
      </Button>
    </>
  );
}
