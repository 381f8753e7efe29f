import { type PageMetaText, pageMeta } from './seo';

/** One page of the web app (docs/product.md §2), as the router, the server and the navigation see it. */
export interface AppPage {
  /**
   * The router's path pattern (`:name` for a parameter). The public profile is a RegExp: any path
   * starting with `/@`, the first segment being the username.
   */
  path: string | RegExp;
  /** Login required: visitors get the Login Required page instead (docs/product.md §2). */
  protected: boolean;
  /**
   * The head tags the server renders for crawlers and link previews when the page has its own;
   * the other fixed pages get the home page's with `noindex`. The Shro and profile pages build
   * theirs from what the link points at (decision 093).
   */
  meta?: PageMetaText;
}

/**
 * Every page, in the router's matching order; a path matching none is the not-found screen.
 * The router maps each name to its component, the server's SEO plugin reads `path` and `meta`,
 * the navigation links to `path` (decision 093).
 */
export const appPages = {
  home: { path: '/', protected: false, meta: pageMeta.home },
  login: { path: '/login', protected: false },
  register: { path: '/register', protected: false },
  resetPassword: { path: '/reset-password', protected: false },
  /** An invite link (docs/decisions/124-invitations.md): who invites, Sign up and Log in; the server marks it noindex. */
  invite: { path: '/invite/:token', protected: false },
  explore: { path: '/explore', protected: true, meta: pageMeta.explore },
  create: { path: '/create', protected: true, meta: pageMeta.create },
  history: { path: '/history', protected: true },
  friends: { path: '/friends', protected: true },
  notifications: { path: '/notifications', protected: true },
  achievements: { path: '/achievements', protected: true },
  profile: { path: '/profile', protected: true },
  /** Account, security, notifications, privacy and data: the settings the profile page once held. */
  settings: { path: '/settings', protected: true },
  chat: { path: '/chat', protected: true },
  /** Moderators only; everyone else, visitors included, gets the not-found screen (it asks GET /api/moderation/me). */
  moderation: { path: '/moderation', protected: false },
  privacy: { path: '/privacy', protected: false },
  terms: { path: '/terms', protected: false },
  support: { path: '/support', protected: false },
  test: { path: '/test', protected: false },
  session: { path: '/session/:id', protected: false },
  publicProfile: { path: /^\/@(?<username>[^/]*)/, protected: false },
} as const satisfies Record<string, AppPage>;

export type AppPageName = keyof typeof appPages;

/** The pages with a fixed path (no parameter), keyed by it: what the server can answer without a lookup. */
export const fixedPages: ReadonlyMap<string, AppPage> = new Map(
  Object.values(appPages as Record<string, AppPage>).flatMap((page) =>
    typeof page.path === 'string' && !page.path.includes(':') ? [[page.path, page] as const] : [],
  ),
);

/** The pages an Android App Link or iOS Universal Link opens in the native app (decision 164). */
export const APP_LINK_PAGES = ['session', 'invite', 'publicProfile'] as const satisfies readonly AppPageName[];

/** A page's path with its parameters as a wildcard (`/session/*`, `/@*`), as the app-link files write it. */
export function pagePathPattern(name: AppPageName): string {
  const route: string | RegExp = appPages[name].path;
  return typeof route === 'string' ? route.replace(/:\w+/g, '*') : '/@*';
}

/** What goes into the path of each page that has a parameter. */
interface PagePathParams {
  session: { id: string };
  invite: { token: string };
  publicProfile: { username: string };
}

/** The query and fragment of a link; a query value left undefined is left out. */
interface PageLinkExtras {
  query?: Record<string, string | undefined>;
  hash?: string;
}

type PageLink<N extends AppPageName> = N extends keyof PagePathParams
  ? [link: PagePathParams[N] & PageLinkExtras]
  : [link?: PageLinkExtras];

/**
 * The link to an app page, its parameters and query encoded: every link the app makes goes
 * through here, so the page table stays the one owner of a page's path (decision 093;
 * tests/page-links.test.ts finds a path written out anywhere else).
 */
export function pageHref<N extends AppPageName>(name: N, ...[link]: PageLink<N>): string {
  const values = (link ?? {}) as PageLinkExtras & Record<string, unknown>;
  const route: string | RegExp = appPages[name].path;
  const path =
    typeof route === 'string'
      ? route.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(values[key])))
      : `/@${encodeURIComponent(String(values.username))}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values.query ?? {})) if (value !== undefined) query.set(key, value);
  const search = query.size > 0 ? `?${query}` : '';
  return `${path}${search}${values.hash ? `#${values.hash}` : ''}`;
}
