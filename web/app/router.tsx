import { pageForPath } from '@contract/page-for-path';
import { type AppPageName, appPages } from '@contract/pages';
import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { wasSignedIn } from '@/features/auth/api/get-user';
import { type LazyPart, LazyPartView, lazyPart, preloadParts } from '@/lib/lazy-part';
import { LoadingScreen } from './layout/loading-screen';
import { PageLoadBoundary, PageShown } from './layout/page-load-boundary';
import { loginRequiredPage, Protected } from './layout/protected';

// Route-level code splitting: each page's code loads on its first visit, the home page's too, so a
// shared link to a Shro does not fetch the home page (decision 094).
const pageComponents = {
  home: lazyPart(() => import('./routes/home')),
  login: lazyPart(() => import('./routes/login')),
  register: lazyPart(() => import('./routes/register')),
  resetPassword: lazyPart(() => import('./routes/reset-password')),
  invite: lazyPart(() => import('./routes/invite')),
  explore: lazyPart(() => import('./routes/explore')),
  create: lazyPart(() => import('./routes/create')),
  history: lazyPart(() => import('./routes/history')),
  friends: lazyPart(() => import('./routes/friends')),
  notifications: lazyPart(() => import('./routes/notifications')),
  achievements: lazyPart(() => import('./routes/achievements')),
  profile: lazyPart(() => import('./routes/profile')),
  settings: lazyPart(() => import('./routes/settings')),
  chat: lazyPart(() => import('./routes/chat')),
  moderation: lazyPart(() => import('./routes/moderation')),
  privacy: lazyPart(() => import('./routes/privacy')),
  terms: lazyPart(() => import('./routes/terms')),
  support: lazyPart(() => import('./routes/support')),
  test: lazyPart(() => import('./routes/test')),
  session: lazyPart(() => import('./routes/session')),
  publicProfile: lazyPart(() => import('./routes/public-profile')),
} satisfies Record<AppPageName, LazyPart>;

const notFound = lazyPart(() => import('./routes/not-found'));

/** The page table (contract/pages.ts, decision 093) in its order, each entry with its code. */
const routes = (Object.keys(appPages) as AppPageName[]).map((name) => ({
  name,
  ...appPages[name],
  part: pageComponents[name] as LazyPart,
}));

/**
 * Loads the code of what `pathname` shows first: its page (as the router's Switch picks it), the
 * not-found page, or, for a login-required page on a device nobody was signed in on, the Login
 * Required page. Resolves either way: a page that cannot load shows its error when it renders.
 */
export function preloadPageFor(pathname: string): Promise<void> {
  const page = pageForPath(pathname);
  const part = !page
    ? notFound
    : appPages[page.name].protected && !wasSignedIn()
      ? loginRequiredPage
      : pageComponents[page.name];
  return preloadParts([part]);
}

export function AppRouter() {
  const [location] = useLocation();
  return (
    <PageLoadBoundary resetKey={location}>
      <Suspense fallback={<LoadingScreen />}>
        <PageShown />
        <Switch>
          {routes.map(({ name, path, protected: isProtected, part }) => (
            <Route key={name} path={path}>
              {isProtected ? (
                // Visitors get the Login Required page on every login-required route (docs/product.md §2).
                <Protected>
                  <LazyPartView part={part} />
                </Protected>
              ) : (
                <LazyPartView part={part} />
              )}
            </Route>
          ))}
          <Route>
            <LazyPartView part={notFound} />
          </Route>
        </Switch>
      </Suspense>
    </PageLoadBoundary>
  );
}
