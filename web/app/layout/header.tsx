import { appPages } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { Compass, LogIn, LogOut, Menu, Plus, ShieldCheck, UserPlus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { LoadOnIntent } from '@/components/load-on-intent';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { useAuth } from '@/features/auth/api/get-user';
import { useLogout } from '@/features/auth/api/logout';
import { useIsModerator } from '@/features/moderation/api/moderation';
import { accountMenuItems } from './nav-items';
import { useArrivalToasts } from './use-arrival-toasts';
import { capBadge, useUnreadCounts } from './use-unread-counts';

/** The signed-in desktop menu: its Radix code loads when the user reaches for it (decision 094). */
const loadAccountMenu = () => import('./account-menu');

export function Header() {
  const { user } = useAuth();
  const logout = useLogout();
  const counts = useUnreadCounts(Boolean(user));
  useArrivalToasts(Boolean(user));
  const [mobileOpen, setMobileOpen] = useState(false);
  const [location] = useLocation();

  // The mobile panel closes whenever a link is followed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of a location change
  useEffect(() => setMobileOpen(false), [location]);

  const menuLabel = user ? user.username || user.id : '';
  const totalUnread = counts.notifications + counts.messages;

  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-base/85 pt-[env(safe-area-inset-top)] backdrop-blur-xl">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link
          href={appPages.home.path}
          className="flex items-center gap-2 font-extrabold tracking-tight"
          aria-label={`${PRODUCT_NAME} home`}
        >
          <Logo />
          <span className="bg-gradient-to-r from-purple-300 to-pink-300 bg-clip-text text-xl text-transparent">
            {PRODUCT_NAME}
          </span>
        </Link>
        <nav className="ml-auto hidden items-center gap-2 md:flex" aria-label="Main">
          {user ? (
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
                    {totalUnread > 0 && <Badge aria-label={`${totalUnread} unread`}>{capBadge(totalUnread)}</Badge>}
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
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link href={appPages.explore.path}>Explore</Link>
              </Button>
              <Button asChild variant="ghost" size="sm">
                <Link href={appPages.create.path}>Create</Link>
              </Button>
              <Button asChild variant="outline" size="sm">
                <Link href={appPages.login.path}>Sign In</Link>
              </Button>
              <Button asChild size="sm">
                <Link href={appPages.register.path}>Sign up free</Link>
              </Button>
            </>
          )}
        </nav>

        <div className="ml-auto flex items-center gap-2 md:hidden">
          {!user && (
            <Button asChild size="sm" variant="outline">
              <Link href={appPages.login.path}>Sign In</Link>
            </Button>
          )}
          <button
            type="button"
            onClick={() => setMobileOpen((open) => !open)}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            className="relative flex size-11 items-center justify-center rounded-xl text-zinc-100 hover:bg-surface-2"
          >
            {mobileOpen ? <X className="size-6" /> : <Menu className="size-6" />}
            {/* Issue 13: the phone badge counts unread notifications and messages together, raw (docs/product.md §2). */}
            {totalUnread > 0 && !mobileOpen && (
              <Badge className="absolute -right-0.5 -top-0.5" aria-label={`${totalUnread} unread`}>
                {totalUnread}
              </Badge>
            )}
          </button>
        </div>
      </div>

      {mobileOpen && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-border/60 bg-base px-4 pb-5 pt-3 md:hidden"
        >
          {user && (
            <p className="px-3 pb-2 text-sm text-muted">
              Signed in as <span className="font-semibold text-zinc-100">@{menuLabel}</span>
            </p>
          )}
          <ul className="space-y-1">
            <li>
              <Link
                href={appPages.explore.path}
                className="flex items-center gap-3 rounded-xl px-3 py-3 hover:bg-surface-2"
              >
                <Compass className="size-5 text-muted" /> Explore
              </Link>
            </li>
            {user &&
              accountMenuItems.map((item) => {
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
            {user && <MobileModerationItem />}
          </ul>
          <div className="mt-4 grid grid-cols-2 gap-3">
            {user ? (
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
            ) : (
              <>
                <Button asChild variant="secondary">
                  <Link href={appPages.login.path}>
                    <LogIn /> Sign In
                  </Link>
                </Button>
                <Button asChild>
                  <Link href={appPages.register.path}>
                    <UserPlus /> Sign up free
                  </Link>
                </Button>
              </>
            )}
          </div>
        </nav>
      )}
    </header>
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
