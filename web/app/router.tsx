import { type AppPageName, appPages } from '@contract/pages';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { LoadingScreen } from './layout/loading-screen';
import { PageLoadBoundary, PageShown } from './layout/page-load-boundary';
import { Protected } from './layout/protected';

type PageModule = Promise<{ default: ComponentType }>;

interface PageCode {
  /** The page, once its code has loaded. */
  loaded: ComponentType | null;
  Lazy: ComponentType;
  preload: () => PageModule;
}

/**
 * A page's code, loaded on its first visit (React.lazy), or before the app's first render for the
 * page the tab opens on (`preloadPageFor`).
 */
function lazyPage(load: () => PageModule): PageCode {
  const code: PageCode = {
    loaded: null,
    Lazy: lazy(() => code.preload()),
    preload: () =>
      load().then((module) => {
        code.loaded = module.default;
        return module;
      }),
  };
  return code;
}

/**
 * A page whose code is already loaded renders at once: no Suspense fallback, whose replacement
 * React 19 holds back for 300 ms after it showed (decision 143). Each mount keeps the component it
 * started with, so a page never remounts when its code arrives.
 */
function PageView({ code }: { code: PageCode }) {
  const [Page] = useState<ComponentType>(() => code.loaded ?? code.Lazy);
  return <Page />;
}

// Route-level code splitting: each page's code loads on its first visit, the home page's too, so a
// shared link to a Shro does not fetch the home page (decision 094).
const pageComponents = {
  home: lazyPage(() => import('./routes/home')),
  login: lazyPage(() => import('./routes/login')),
  register: lazyPage(() => import('./routes/register')),
  resetPassword: lazyPage(() => import('./routes/reset-password')),
  invite: lazyPage(() => import('./routes/invite')),
  explore: lazyPage(() => import('./routes/explore')),
  create: lazyPage(() => import('./routes/create')),
  history: lazyPage(() => import('./routes/history')),
  friends: lazyPage(() => import('./routes/friends')),
  notifications: lazyPage(() => import('./routes/notifications')),
  achievements: lazyPage(() => import('./routes/achievements')),
  profile: lazyPage(() => import('./routes/profile')),
  chat: lazyPage(() => import('./routes/chat')),
  moderation: lazyPage(() => import('./routes/moderation')),
  privacy: lazyPage(() => import('./routes/privacy')),
  terms: lazyPage(() => import('./routes/terms')),
  support: lazyPage(() => import('./routes/support')),
  test: lazyPage(() => import('./routes/test')),
  session: lazyPage(() => import('./routes/session')),
  publicProfile: lazyPage(() => import('./routes/public-profile')),
} satisfies Record<AppPageName, PageCode>;

const notFound = lazyPage(() => import('./routes/not-found'));

/** The page table (contract/pages.ts, decision 093) in its order, each entry with its component. */
const routes = (Object.keys(appPages) as AppPageName[]).map((name) => ({
  name,
  ...appPages[name],
  code: pageComponents[name] as PageCode,
  pattern:
    typeof appPages[name].path === 'string'
      ? new RegExp(`^${appPages[name].path.replace(/:[^/]+/g, '[^/]+')}/?$`, 'i')
      : appPages[name].path,
}));

/**
 * Loads the code of the page at `pathname` (the first route that matches, as the router's Switch
 * picks it, or the not-found page). Resolves either way: a page that cannot load shows its error
 * when it renders.
 */
export function preloadPageFor(pathname: string): Promise<void> {
  const route = routes.find(({ pattern }) => pattern.test(pathname));
  return (route ? route.code : notFound).preload().then(
    () => undefined,
    () => undefined,
  );
}

export function AppRouter() {
  const [location] = useLocation();
  return (
    <PageLoadBoundary resetKey={location}>
      <Suspense fallback={<LoadingScreen />}>
        <PageShown />
        <Switch>
          {routes.map(({ name, path, protected: isProtected, code }) => (
            <Route key={name} path={path}>
              {isProtected ? (
                // Visitors get the Login Required page on every login-required route (docs/product.md §2).
                <Protected>
                  <PageView code={code} />
                </Protected>
              ) : (
                <PageView code={code} />
              )}
            </Route>
          ))}
          <Route>
            <PageView code={notFound} />
          </Route>
        </Switch>
      </Suspense>
    </PageLoadBoundary>
  );
}
