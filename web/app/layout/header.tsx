import { appPages } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { Compass, Menu, UserPlus, X } from 'lucide-react';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'wouter';
import { LoadBoundary } from '@/components/load-boundary';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/api/get-user';

/**
 * The signed-in parts of the header (menus, badges, Logout) are in the signed-in shell's chunk and
 * the menus' chunk it loads, which a visitor never loads (decision 094); early-reads.ts starts the
 * shell with the app when someone was signed in on this device.
 */
const loadSignedInHeader = () => import('./signed-in-shell');
/** The menus: with the page on a desktop; on a phone, where the nav is hidden, when the menu is reached for. */
const loadSignedInMenus = () => loadSignedInHeader().then((shell) => shell.loadSignedInMenus());
type MenuPart = keyof Awaited<ReturnType<typeof loadSignedInMenus>>;
const menuPart = (name: MenuPart) =>
  lazy(() => loadSignedInMenus().then((module) => ({ default: module[name] as ComponentType })));
const MobileUnreadBadge = lazy(() =>
  loadSignedInHeader().then((module) => ({ default: module.MobileUnreadBadge as ComponentType })),
);
const SignedInNav = menuPart('SignedInNav');
const MobileSignedInAs = menuPart('MobileSignedInAs');
const MobileAccountItems = menuPart('MobileAccountItems');
const MobileSignedInActions = menuPart('MobileSignedInActions');

/** Starts the signed-in header's code: the shell's chunk, and the menus' where the desktop nav shows. */
export function preloadSignedInHeader() {
  return (desktopQuery()?.matches ? loadSignedInMenus() : loadSignedInHeader()).then(() => {});
}

/** Tailwind's `md`: where the desktop nav shows instead of the menu button. */
const DESKTOP = '(min-width: 48rem)';
const desktopQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(DESKTOP) : null);
function subscribeDesktop(onChange: () => void) {
  const query = desktopQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
/** Whether the desktop nav is the one on screen (no media queries, as in tests: it is). */
function useIsDesktop() {
  return useSyncExternalStore(subscribeDesktop, () => desktopQuery()?.matches ?? true);
}

/** A signed-in part, or `fallback` while its code loads (or if it cannot). */
function SignedIn({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <LoadBoundary fallback={fallback}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadBoundary>
  );
}

/** Desktop, for visitors; also what a signed-in user sees while auth or their part of the header loads. */
function VisitorNav() {
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link href={appPages.explore.path}>
          <Trans>Explore</Trans>
        </Link>
      </Button>
      <Button asChild variant="ghost" size="sm">
        <Link href={appPages.create.path}>
          <Trans>Create</Trans>
        </Link>
      </Button>
      <Button asChild variant="outline" size="sm">
        <Link href={appPages.login.path}>
          <Trans>Sign In</Trans>
        </Link>
      </Button>
      <Button asChild size="sm">
        <Link href={appPages.register.path}>
          <Trans>Sign up free</Trans>
        </Link>
      </Button>
    </>
  );
}

export function Header() {
  const { user } = useAuth();
  const [mobileOpen, setMobileOpen] = useState(false);
  const isDesktop = useIsDesktop();
  const { t } = useLingui();
  // Reaching for the phone menu starts its signed-in part, so it is there, or nearly, when it opens.
  const reachForMenu = () => {
    if (user) void loadSignedInMenus().catch(() => {});
  };
  const [location] = useLocation();

  // The mobile panel closes whenever a link is followed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of a location change
  useEffect(() => setMobileOpen(false), [location]);

  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-base/85 pt-[env(safe-area-inset-top)] backdrop-blur-xl">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link
          href={appPages.home.path}
          className="flex items-center gap-2 font-extrabold tracking-tight"
          aria-label={t`${PRODUCT_NAME} home`}
        >
          <Logo />
          <span className="bg-gradient-to-r from-purple-300 to-pink-300 bg-clip-text text-xl text-transparent">
            {PRODUCT_NAME}
          </span>
        </Link>
        <nav className="ml-auto hidden items-center gap-2 md:flex" aria-label={t`Main`}>
          {user && isDesktop ? (
            <SignedIn fallback={<VisitorNav />}>
              <SignedInNav />
            </SignedIn>
          ) : (
            <VisitorNav />
          )}
        </nav>

        <div className="ml-auto flex items-center gap-2 md:hidden">
          {!user && (
            <Button asChild size="sm" variant="outline">
              <Link href={appPages.login.path}>
                <Trans>Sign In</Trans>
              </Link>
            </Button>
          )}
          <button
            type="button"
            onClick={() => setMobileOpen((open) => !open)}
            onPointerEnter={reachForMenu}
            onPointerDown={reachForMenu}
            onFocus={reachForMenu}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? t`Close menu` : t`Open menu`}
            className="relative flex size-11 items-center justify-center rounded-xl text-zinc-100 hover:bg-surface-2"
          >
            {mobileOpen ? <X className="size-6" /> : <Menu className="size-6" />}
            {user && !mobileOpen && (
              <SignedIn>
                <MobileUnreadBadge />
              </SignedIn>
            )}
          </button>
        </div>
      </div>

      {mobileOpen && (
        <nav
          id="mobile-menu"
          aria-label={t`Mobile`}
          className="border-t border-border/60 bg-base px-4 pb-5 pt-3 md:hidden"
        >
          {user && (
            <SignedIn>
              <MobileSignedInAs />
            </SignedIn>
          )}
          <ul className="space-y-1">
            <li>
              <Link
                href={appPages.explore.path}
                className="flex items-center gap-3 rounded-xl px-3 py-3 hover:bg-surface-2"
              >
                <Compass className="size-5 text-muted" /> <Trans>Explore</Trans>
              </Link>
            </li>
            {user && (
              <SignedIn>
                <MobileAccountItems />
              </SignedIn>
            )}
          </ul>
          {user ? (
            <div className="mt-4 grid grid-cols-2 gap-3">
              <SignedIn>
                <MobileSignedInActions />
              </SignedIn>
            </div>
          ) : (
            // Sign In is the header's own button, beside the menu button: the menu offers the other way in.
            <Button asChild className="mt-4 w-full">
              <Link href={appPages.register.path}>
                <UserPlus /> <Trans>Sign up free</Trans>
              </Link>
            </Button>
          )}
        </nav>
      )}
    </header>
  );
}
