import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { LoadingScreen } from './layout/loading-screen';
import { PageLoadBoundary, PageShown } from './layout/page-load-boundary';
import { Protected } from './layout/protected';
import HomePage from './routes/home';

type Page = LazyExoticComponent<ComponentType>;

// Route-level code splitting: each page loads on first visit.
const pages = {
  login: lazy(() => import('./routes/login')),
  register: lazy(() => import('./routes/register')),
  privacy: lazy(() => import('./routes/privacy')),
  terms: lazy(() => import('./routes/terms')),
  support: lazy(() => import('./routes/support')),
  test: lazy(() => import('./routes/test')),
  notFound: lazy(() => import('./routes/not-found')),
  session: lazy(() => import('./routes/session')),
  publicProfile: lazy(() => import('./routes/public-profile')),
} satisfies Record<string, Page>;

/** Login-required routes (docs/product.md §2): visitors get the Login Required page on every one of them. */
const protectedPaths = [
  '/explore',
  '/create',
  '/history',
  '/friends',
  '/notifications',
  '/achievements',
  '/profile',
  '/chat',
];

/** The page of each login-required route, added as each feature lands. */
const protectedPages: Partial<Record<string, Page>> = {
  '/explore': lazy(() => import('./routes/explore')),
  '/achievements': lazy(() => import('./routes/achievements')),
  '/create': lazy(() => import('./routes/create')),
  '/history': lazy(() => import('./routes/history')),
  '/friends': lazy(() => import('./routes/friends')),
  '/notifications': lazy(() => import('./routes/notifications')),
  '/profile': lazy(() => import('./routes/profile')),
  '/chat': lazy(() => import('./routes/chat')),
};

/** Any path starting with /@ is a public profile (docs/product.md §2); the first segment is the username. */
const publicProfilePath = /^\/@(?<username>[^/]*)/;

export function AppRouter() {
  const [location] = useLocation();
  return (
    <PageLoadBoundary resetKey={location}>
      <Suspense fallback={<LoadingScreen />}>
        <PageShown />
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/login" component={pages.login} />
          <Route path="/register" component={pages.register} />
          {protectedPaths.map((path) => {
            const Page = protectedPages[path] ?? pages.notFound;
            return (
              <Route key={path} path={path}>
                <Protected>
                  <Page />
                </Protected>
              </Route>
            );
          })}
          <Route path="/privacy" component={pages.privacy} />
          <Route path="/terms" component={pages.terms} />
          <Route path="/support" component={pages.support} />
          <Route path="/test" component={pages.test} />
          <Route path="/session/:id" component={pages.session} />
          <Route path={publicProfilePath} component={pages.publicProfile} />
          <Route component={pages.notFound} />
        </Switch>
      </Suspense>
    </PageLoadBoundary>
  );
}
