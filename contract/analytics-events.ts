/**
 * The analytics vocabulary without zod: the web app's first load imports this, and the
 * schemas in `analytics.ts` would otherwise pull zod into every page's entry bundle.
 */

/** docs/product.md §3 analytics categories. */
export const ANALYTICS_CATEGORIES = ['engagement', 'social', 'content', 'navigation', 'gamification'] as const;
export type AnalyticsCategory = (typeof ANALYTICS_CATEGORIES)[number];

/**
 * The events of docs/product.md §3 plus page views, each with the category it is normally sent under.
 * Labels: `create_shro` public|private, `select_box` the box position, `search_movie` the first
 * 20 characters of the query, `share_shro` where it was shared to (SHARE_TARGETS), others the Shro id or none.
 */
export const ANALYTICS_EVENTS = {
  page_view: 'navigation',
  create_shro: 'engagement',
  select_box: 'engagement',
  share_shro: 'social',
  view_result: 'engagement',
  search_movie: 'content',
  join_public_shro: 'engagement',
  view_explore: 'navigation',
  achievement_unlocked: 'gamification',
  friend_request: 'social',
  /** An invite link shared (docs/decisions/124-invitations.md); labelled like share_shro, with INVITE_SHARE_TARGETS. */
  share_invite: 'social',
} as const satisfies Record<string, AnalyticsCategory>;
export type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS;
export const ANALYTICS_EVENT_NAMES = Object.keys(ANALYTICS_EVENTS) as AnalyticsEventName[];

/**
 * Where a `share_shro` event says the Shro was shared (its label): the share dialog's targets, the
 * native share sheet, a copied link, and the explore card's share button. The server takes no other.
 */
export const SHARE_TARGETS = [
  'native',
  'whatsapp',
  'telegram',
  'messenger',
  'sms',
  'email',
  'x',
  'facebook',
  'copy',
  'explore',
] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

/** Where a `share_invite` event says an invite link went: the invite dialog's targets. */
export const INVITE_SHARE_TARGETS = ['native', 'whatsapp', 'telegram', 'sms', 'email', 'copy'] as const;

export const ANALYTICS_BATCH_MAX = 50;
export const ANALYTICS_LABEL_MAX = 100;
export const ANALYTICS_PATH_MAX = 300;
/** docs/product.md §3: a movie search is labelled with the first 20 characters of the query. */
export const SEARCH_LABEL_MAX = 20;
