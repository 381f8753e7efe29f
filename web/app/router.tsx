import { type AppPageName, appPages } from '@contract/pages';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { LoadingScreen } from './layout/loading-screen';
import { PageLoadBoundary, PageShown } from './layout/page-load-boundary';
import { Protected } from './layout/protected';

// Route-level code splitting: each page's code loads on its first visit, the home page's too, so a
// shared link to a Shro does not fetch the home page (decision 094).
const pageComponents = {
  home: lazy(() => import('./routes/home')),
  login: lazy(() => import('./routes/login')),
  register: lazy(() => import('./routes/register')),
  resetPassword: lazy(() => import('./routes/reset-password')),
  invite: lazy(() => import('./routes/invite')),
  explore: lazy(() => import('./routes/explore')),
  create: lazy(() => import('./routes/create')),
  history: lazy(() => import('./routes/history')),
  friends: lazy(() => import('./routes/friends')),
  notifications: lazy(() => import('./routes/notifications')),
  achievements: lazy(() => import('./routes/achievements')),
  profile: lazy(() => import('./routes/profile')),
  chat: lazy(() => import('./routes/chat')),
  moderation: lazy(() => import('./routes/moderation')),
  privacy: lazy(() => import('./routes/privacy')),
  terms: lazy(() => import('./routes/terms')),
  support: lazy(() => import('./routes/support')),
  test: lazy(() => import('./routes/test')),
  session: lazy(() => import('./routes/session')),
  publicProfile: lazy(() => import('./routes/public-profile')),
} satisfies Record<AppPageName, ComponentType>;

const NotFoundPage = lazy(() => import('./routes/not-found'));

/** The page table (contract/pages.ts, decision 093) in its order, each entry with its component. */
const routes = (Object.keys(appPages) as AppPageName[]).map((name) => ({
  name,
  ...appPages[name],
  Page: pageComponents[name] as ComponentType,
}));

export function AppRouter() {
  const [location] = useLocation();
  return (
    <PageLoadBoundary resetKey={location}>
      <Suspense fallback={<LoadingScreen />}>
        <PageShown />
        <Switch>
          {routes.map(({ name, path, protected: isProtected, Page }) => (
            <Route key={name} path={path}>
              {isProtected ? (
                // Visitors get the Login Required page on every login-required route (docs/product.md §2).
                <Protected>
                  <Page />
                </Protected>
              ) : (
                <Page />
              )}
            </Route>
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </PageLoadBoundary>
  );
}
