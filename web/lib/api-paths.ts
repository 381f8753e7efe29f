import type { Query } from '@tanstack/react-query';

const enc = encodeURIComponent;

/** `path` with `params` as its query string, the order kept (a query key must not vary for one request). */
const withQuery = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

/**
 * Every API path the web app calls (docs/product.md §7), written once. A feature's `api/` file
 * owns the fetcher and hook of its endpoints; another feature that must refresh one after a write
 * uses the same path from here, never a copy (decision 093).
 */
export const apiPaths = {
  currentUser: '/api/auth/user',
  login: '/api/login',
  register: '/api/register',
  logout: '/api/logout',
  username: '/api/auth/username',
  acceptTerms: '/api/auth/accept-terms',
  password: '/api/auth/password',
  authSessions: '/api/auth/sessions',
  /** Passkeys (decision 187): the user's list, and each ceremony's options and answer. */
  passkeys: '/api/auth/passkeys',
  passkey: (id: string) => `/api/auth/passkeys/${enc(id)}`,
  passkeyRegistrationOptions: '/api/auth/passkeys/registration/options',
  passkeyRegistrationVerify: '/api/auth/passkeys/registration/verify',
  passkeyAuthenticationOptions: '/api/auth/passkeys/authentication/options',
  passkeyAuthenticationVerify: '/api/auth/passkeys/authentication/verify',
  authSession: (id: string) => `/api/auth/sessions/${enc(id)}`,
  revokeOtherSessions: '/api/auth/sessions/revoke-others',
  /** Whether reset by email is set up (GET) and asking for a link (POST). */
  passwordReset: '/api/auth/password-reset',
  passwordResetConfirm: '/api/auth/password-reset/confirm',
  profile: '/api/profile',
  accountExport: '/api/account/export',
  account: '/api/account',
  accountLocale: '/api/account/locale',

  publicProfilePrefix: '/api/users/profile/',
  publicProfile: (username: string) => `/api/users/profile/${enc(username)}`,
  userStats: (userId: string) => `/api/users/stats/${enc(userId)}`,
  userAchievements: (userId: string) => `/api/users/achievements/${enc(userId)}`,
  onlineStatusPrefix: '/api/users/online-status',
  onlineStatus: (sortedIds: string[]) => `/api/users/online-status?userIds=${sortedIds.map(enc).join(',')}`,

  myStats: '/api/stats',
  achievements: '/api/achievements',
  platformStats: '/api/platform/stats',

  /** Every friends path starts with this: one prefix refreshes them all. */
  friends: '/api/friends',
  friendRequests: '/api/friends/requests',
  sentRequests: '/api/friends/sent',
  friendStatus: (userId: string) => `/api/friends/status/${enc(userId)}`,
  friendSearch: (term: string) => `/api/friends/search?q=${enc(term)}`,
  sendFriendRequest: '/api/friends/request',
  acceptFriendRequest: '/api/friends/accept',
  declineFriendRequest: '/api/friends/decline',
  friend: (userId: string) => `/api/friends/${enc(userId)}`,
  /** The caller's invite links (GET) and a new one (POST). */
  invites: '/api/invites',
  /** Who invites (GET, by token) and revoking one (DELETE, by id or token). */
  invite: (idOrToken: string) => `/api/invites/${enc(idOrToken)}`,

  /** The caller's block list (GET); blocking and muting a user or a Shro (POST / DELETE). */
  blocks: '/api/blocks',
  mutes: '/api/mutes',
  mutedUsers: '/api/mutes/users',
  mutedShros: '/api/mutes/sessions',
  userBlock: (userId: string) => `/api/blocks/${enc(userId)}`,
  userMute: (userId: string) => `/api/mutes/users/${enc(userId)}`,
  shroMute: (id: string) => `/api/sessions/${enc(id)}/mute`,

  reports: '/api/reports',
  moderationQueue: '/api/moderation/queue',
  moderationTarget: (type: string, id: string) => `/api/moderation/targets/${enc(type)}/${enc(id)}`,
  moderationActions: '/api/moderation/actions',
  moderationLog: '/api/moderation/log',

  conversations: '/api/chat/conversations',
  unreadMessages: '/api/chat/unread-count',
  sendMessage: '/api/chat/send',
  /** One conversation's messages (GET) and deleting the caller's side of it (DELETE). */
  conversation: (userId: string) => `/api/chat/${enc(userId)}`,
  markConversationRead: (userId: string) => `/api/chat/${enc(userId)}/read`,

  notifications: '/api/notifications',
  markNotificationRead: (id: number) => `/api/notifications/${id}/read`,
  markAllNotificationsRead: '/api/notifications/read-all',
  notificationSettings: '/api/notifications/settings',
  pushPublicKey: '/api/push/public-key',
  pushSubscriptions: '/api/push/subscriptions',
  /** The native shell's push token (POST `{platform, token}`) and forgetting one (DELETE), decision 163. */
  nativePushTokens: '/api/push/native-tokens',
  nativePushToken: (token: string) => `/api/push/native-tokens/${enc(token)}`,

  /** The history (GET) and creating a Shro (POST). */
  shros: '/api/sessions',
  shroHistory: (params: Record<string, string>) => withQuery('/api/sessions', params),
  shro: (id: string) => `/api/sessions/${enc(id)}`,
  selectBox: (id: string) => `/api/sessions/${enc(id)}/select`,
  reactToShro: (id: string) => `/api/sessions/${enc(id)}/react`,
  shareShro: (id: string) => `/api/sessions/${enc(id)}/share`,
  /** "Share again with a new expiry": a copy of the creator's link Shro. */
  copyShro: (id: string) => `/api/sessions/${enc(id)}/copy`,
  /** The creator reminds a private Shro's recipients who have not opened it. */
  nudgeShro: (id: string) => `/api/sessions/${enc(id)}/nudge`,
  /** The signed-in home's inbox: Shros waiting for the user, and their own open ones. */
  home: '/api/home',
  titleSearch: (kind: 'movie' | 'tv') => `/api/tmdb/search/${kind}`,

  recent: (hashtag: string | null) => (hashtag ? `/api/explore?hashtag=${enc(hashtag)}` : '/api/explore'),
  trending: (hashtag: string | null) =>
    hashtag ? `/api/explore/trending?hashtag=${enc(hashtag)}` : '/api/explore/trending',
  /** docs/product.md §7: q and hashtag both get the term. */
  exploreSearch: (term: string) => `/api/explore/search?q=${enc(term)}&hashtag=${enc(term)}`,

  analytics: '/api/analytics',
  health: '/healthz',
  ready: '/readyz',
} as const;

/** A Shro's path, read back from a query key: what the live channel watches. */
export const shroPathPattern = /^\/api\/sessions\/([^/?]+)$/;

/**
 * The query key of a read: its API path first (the shared reader in lib/query-client fetches it),
 * then whatever else tells two reads of one path apart. So invalidating a path, or every path with
 * a prefix, refreshes every view of that endpoint (decision 093).
 */
export const queryKey = (path: string, ...rest: unknown[]) => [path, ...rest] as const;

/** Filters for `invalidateQueries`: every query whose path starts with `prefix`. */
export const pathPrefix = (prefix: string) => ({
  predicate: (query: Query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(prefix),
});
