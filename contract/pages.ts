import { type PageMetaData, pageMeta } from './seo';

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
  meta?: PageMetaData;
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
