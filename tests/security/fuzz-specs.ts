import fc from 'fast-check';
import { LOCALES } from '../../contract/locales';
import { REACTION_EMOJIS } from '../../contract/shros';
import { TERMS_VERSION } from '../../contract/terms';
import { makeModerator } from '../../server/test/factories';
import type { TestContext } from '../../server/test/test-app';
import type { World } from '../support/world';

/**
 * What the fuzzer knows about each route: its path parameters, query parameters and body fields,
 * each with a "plausible" generator (mixed with hostile values by the fuzzer), and whether the
 * body may be multipart. The fuzz test fails for a route without a spec, like the matrix.
 */
export interface FuzzSpec {
  route: string;
  params?: (w: World) => Record<string, fc.Arbitrary<string>>;
  query?: (w: World) => Record<string, fc.Arbitrary<string>>;
  fields?: (w: World) => Record<string, fc.Arbitrary<unknown>>;
  /** File fields (multipart). */
  files?: string[];
  /** Sign in as a throw-away user for every input (routes that end or replace the caller's session). */
  disposableIdentity?: boolean;
  /** An event stream: called over real HTTP, and a 200 is read only as far as its headers. */
  stream?: boolean;
  /** Runs once the world exists (e.g. makes the owner a moderator, so the fuzz reaches past the 404). */
  setup?: (ctx: TestContext, w: World) => Promise<void>;
}

const username = fc.stringMatching(/^[A-Za-z0-9_.]{1,32}$/);
/** A WebAuthn answer as a browser would send it, or something shaped like one. */
const passkeyAnswer = fc.oneof(
  fc.record({
    id: fc.string({ maxLength: 40 }),
    rawId: fc.string({ maxLength: 40 }),
    type: fc.constantFrom('public-key', 'password'),
    response: fc.record({ clientDataJSON: fc.string({ maxLength: 40 }) }),
  }),
  fc.anything(),
);
const idOf = (w: World) =>
  fc.constantFrom(
    w.owner.id,
    w.friend.id,
    w.stranger.id,
    w.requester.id,
    'not-a-user',
    '00000000-0000-0000-0000-000000000000',
  );
const shroIdOf = (w: World) =>
  fc.constantFrom(w.privateImage.id, w.privateText.id, w.link.id, w.publicShro.id, 'missing', '0');
const boxIdOf = (w: World) =>
  fc.constantFrom(...[w.privateImage, w.privateText, w.link].flatMap((s) => s.boxes.map((b) => b.id)));
const textOptions = fc.array(
  fc.record({ content: fc.string({ maxLength: 30 }), label: fc.string({ maxLength: 10 }) }, { requiredKeys: [] }),
  { maxLength: 5 },
);
/** The moderation routes are fuzzed as a moderator: everyone else only ever gets 404 there. */
const asModerator = (ctx: TestContext, w: World) => makeModerator(ctx, w.owner);
const pageParams = {
  page: fc.constantFrom('1', '2', '0', '-1', '500', '501', '1.5', '1e3', '99999999999'),
  pageSize: fc.constantFrom('1', '10', '50', '51', '0', '1000000', 'abc'),
};

export const fuzzSpecs: FuzzSpec[] = [
  {
    route: 'POST /api/register',
    fields: () => ({
      username,
      email: fc.emailAddress(),
      password: fc.constant('secret123'),
      confirmPassword: fc.constant('secret123'),
      firstName: fc.string(),
      lastName: fc.string(),
      acceptTerms: fc.constantFrom(true, false, 'true', 1),
      inviteToken: fc.constantFrom('x'.repeat(43), 'short', '', null, 42, 'A'.repeat(44)),
    }),
  },
  {
    route: 'POST /api/login',
    disposableIdentity: true,
    fields: (w) => ({
      username: fc.constantFrom(w.owner.username, w.stranger.username),
      password: fc.constant('secret123'),
    }),
  },
  { route: 'POST /api/logout', disposableIdentity: true },
  { route: 'GET /api/auth/user' },
  { route: 'GET /api/auth/passkeys' },
  { route: 'POST /api/auth/passkeys/registration/options' },
  {
    route: 'POST /api/auth/passkeys/registration/verify',
    fields: () => ({ credential: passkeyAnswer, name: fc.oneof(fc.string({ maxLength: 60 }), fc.constant(undefined)) }),
  },
  { route: 'POST /api/auth/passkeys/authentication/options' },
  { route: 'POST /api/auth/passkeys/authentication/verify', fields: () => ({ credential: passkeyAnswer }) },
  {
    route: 'PATCH /api/auth/passkeys/:id',
    params: () => ({ id: fc.constantFrom('missing', '0', 'x'.repeat(70)) }),
    fields: () => ({ name: fc.string({ maxLength: 60 }) }),
  },
  { route: 'DELETE /api/auth/passkeys/:id', params: () => ({ id: fc.constantFrom('missing', '0', 'x'.repeat(70)) }) },
  { route: 'PUT /api/auth/username', fields: () => ({ username }) },
  {
    route: 'POST /api/auth/accept-terms',
    fields: () => ({ version: fc.constantFrom(TERMS_VERSION, '2020-01-01', '', 'x'.repeat(60)) }),
  },
  {
    route: 'PUT /api/auth/password',
    fields: () => ({
      currentPassword: fc.constantFrom('secret123', 'not-the-password', ''),
      newPassword: fc.string({ maxLength: 300 }),
    }),
    disposableIdentity: true,
  },
  { route: 'GET /api/auth/sessions' },
  {
    route: 'DELETE /api/auth/sessions/:id',
    params: () => ({ id: fc.oneof(fc.uuid(), fc.constantFrom('not-a-uuid', '0', 'other-device')) }),
    disposableIdentity: true,
  },
  { route: 'POST /api/auth/sessions/revoke-others', disposableIdentity: true },
  { route: 'GET /api/account/export' },
  {
    route: 'PUT /api/account/locale',
    fields: () => ({ locale: fc.constantFrom(...LOCALES, 'EN', 'pt-br', 'pt', 'es-MX', '') }),
  },
  {
    route: 'DELETE /api/account',
    fields: () => ({ password: fc.constantFrom('secret123', 'not-the-password', '') }),
    disposableIdentity: true,
  },
  { route: 'GET /api/auth/password-reset' },
  {
    route: 'POST /api/auth/password-reset',
    fields: (w) => ({ login: fc.oneof(username, fc.emailAddress(), fc.constant(w.owner.email)) }),
  },
  {
    route: 'POST /api/auth/password-reset/confirm',
    fields: () => ({
      token: fc.oneof(fc.string({ maxLength: 250 }), fc.base64String({ minLength: 43, maxLength: 44 })),
      newPassword: fc.string({ maxLength: 300 }),
    }),
  },
  {
    route: 'PATCH /api/profile',
    fields: () => ({ username, firstName: fc.string(), lastName: fc.string() }),
    files: ['profileImage'],
  },
  {
    route: 'GET /api/users/profile/:username',
    params: (w) => ({ username: fc.constantFrom(w.owner.username, `@${w.owner.username}`) }),
  },
  { route: 'GET /api/users/stats/:id', params: (w) => ({ id: idOf(w) }) },
  { route: 'GET /api/users/achievements/:id', params: (w) => ({ id: idOf(w) }) },
  { route: 'GET /api/users/online-status', query: (w) => ({ userIds: idOf(w) }) },
  { route: 'GET /api/stats' },
  { route: 'GET /api/achievements' },
  {
    route: 'POST /api/sessions',
    fields: (w) => ({
      title: fc.string({ maxLength: 120 }),
      type: fc.constantFrom('image', 'text', 'movie', 'tv'),
      isShareable: fc.constantFrom(true, false, 'true', 'on', 'false'),
      isPublic: fc.constantFrom(true, false, 'true', 'false'),
      hashtags: fc.constantFrom('pizza', '#a,#b', 'a b', ''),
      friendId: idOf(w),
      recipients: fc.oneof(
        fc.array(idOf(w)),
        fc.array(idOf(w)).map((ids) => JSON.stringify(ids)),
      ),
      textOptions: fc.oneof(
        textOptions,
        textOptions.map((o) => JSON.stringify(o)),
      ),
      tmdbOptions: fc.constantFrom(
        '[{"label":"x","tmdbData":{"id":1,"title":"The Matrix"},"imageUrl":"/api/catalog/posters/movie/1.png"}]',
        [{ tmdbData: { id: -1, title: '' }, imageUrl: 'javascript:alert(1)' }],
      ),
      winningBoxPosition: fc.constantFrom('1', '4', '5', 0, -1, '1.5'),
      expiresAt: fc.constantFrom(new Date(Date.now() + 3600_000).toISOString(), '2000-01-01T00:00:00Z', 'tomorrow'),
      labels: fc.array(fc.string({ maxLength: 20 }), { maxLength: 6 }),
    }),
    files: ['images'],
  },
  {
    route: 'GET /api/sessions',
    query: () => ({ ...pageParams, tab: fc.constantFrom('all', 'sent', 'received', 'ALL') }),
  },
  { route: 'GET /api/sessions/:id', params: (w) => ({ id: shroIdOf(w) }) },
  {
    route: 'GET /api/sessions/:id/preview.png',
    params: (w) => ({ id: shroIdOf(w) }),
    query: () => ({
      v: fc.oneof(fc.string({ maxLength: 22 }), fc.constantFrom('x'.repeat(65), '')),
      lang: fc.constantFrom(...LOCALES, 'EN', 'pt-br', 'xx', ''),
    }),
  },
  { route: 'DELETE /api/sessions/:id', params: (w) => ({ id: shroIdOf(w) }) },
  {
    route: 'POST /api/sessions/:id/select',
    params: (w) => ({ id: shroIdOf(w) }),
    fields: (w) => ({ boxId: fc.oneof(boxIdOf(w), boxIdOf(w).map(String)) }),
  },
  {
    route: 'POST /api/sessions/:id/react',
    params: (w) => ({ id: shroIdOf(w) }),
    fields: () => ({ emoji: fc.constantFrom(...REACTION_EMOJIS, '🔥\uFE0F', '💩', '🔥🔥') }),
  },
  { route: 'POST /api/sessions/:id/share', params: (w) => ({ id: shroIdOf(w) }) },
  {
    route: 'POST /api/sessions/:id/copy',
    params: (w) => ({ id: shroIdOf(w) }),
    fields: () => ({
      expiresAt: fc.constantFrom(
        null,
        'tomorrow',
        '2020-01-01T00:00:00Z',
        new Date(Date.now() + 3_600_000).toISOString(),
        '9999-12-31T23:59:59Z',
      ),
    }),
  },
  { route: 'POST /api/sessions/:id/nudge', params: (w) => ({ id: shroIdOf(w) }) },
  { route: 'GET /api/home' },
  {
    route: 'GET /api/uploads/:key',
    params: (w) => ({
      key: fc.constantFrom(w.openedImageKey, w.unopenedImageKey, `${w.openedImageKey}.webp`, '..', '%2e%2e'),
    }),
  },
  { route: 'GET /api/explore', query: () => ({ ...pageParams, hashtag: fc.constantFrom('food', '#food', 'a b') }) },
  { route: 'GET /api/explore/trending', query: () => ({ ...pageParams, hashtag: fc.constantFrom('food', '') }) },
  {
    route: 'GET /api/explore/search',
    query: () => ({ ...pageParams, q: fc.constantFrom('one', 'pu', '%', '_'), hashtag: fc.constantFrom('food', '') }),
  },
  { route: 'GET /api/friends' },
  { route: 'GET /api/friends/requests' },
  { route: 'GET /api/friends/sent' },
  { route: 'GET /api/friends/search', query: (w) => ({ q: fc.constantFrom(w.owner.username, '%', '_', '@', "'") }) },
  { route: 'GET /api/friends/status/:id', params: (w) => ({ id: idOf(w) }) },
  { route: 'POST /api/friends/request', fields: (w) => ({ friendId: idOf(w) }) },
  { route: 'POST /api/friends/accept', fields: (w) => ({ friendId: idOf(w) }) },
  { route: 'POST /api/friends/decline', fields: (w) => ({ friendId: idOf(w) }) },
  { route: 'DELETE /api/friends/:id', params: (w) => ({ id: idOf(w) }) },
  { route: 'GET /api/blocks' },
  { route: 'GET /api/mutes' },
  { route: 'GET /api/mutes/users' },
  { route: 'GET /api/mutes/sessions' },
  { route: 'POST /api/blocks/:id', params: (w) => ({ id: idOf(w) }) },
  { route: 'DELETE /api/blocks/:id', params: (w) => ({ id: idOf(w) }) },
  { route: 'POST /api/mutes/users/:id', params: (w) => ({ id: idOf(w) }) },
  { route: 'DELETE /api/mutes/users/:id', params: (w) => ({ id: idOf(w) }) },
  { route: 'POST /api/sessions/:id/mute', params: (w) => ({ id: shroIdOf(w) }) },
  { route: 'DELETE /api/sessions/:id/mute', params: (w) => ({ id: shroIdOf(w) }) },
  { route: 'GET /api/notifications' },
  { route: 'GET /api/notifications/unread-count' },
  { route: 'PATCH /api/notifications/read-all' },
  {
    route: 'PATCH /api/notifications/:id/read',
    params: (w) => ({ id: fc.constantFrom(String(w.ownerNotificationId), '0', '-1', '2147483648', '1e3', '01') }),
  },
  { route: 'GET /api/push/public-key' },
  {
    route: 'POST /api/push/subscriptions',
    fields: () => ({
      endpoint: fc.constantFrom('https://push.example.com/a', 'http://push.example.com/a', 'https://127.0.0.1/x', 'x'),
      expirationTime: fc.constantFrom(null, 0, 'soon'),
      keys: fc.record(
        {
          p256dh: fc.constantFrom(
            'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            'short',
            '',
          ),
          auth: fc.constantFrom('tBHItJI5svbpez7KI4CCXg', 'AAAA', '=='),
        },
        { requiredKeys: [] },
      ),
    }),
  },
  {
    route: 'DELETE /api/push/subscriptions',
    fields: () => ({ endpoint: fc.constantFrom('https://push.example.com/a', 'http://x', '') }),
  },
  {
    route: 'POST /api/push/native-tokens',
    fields: (w) => ({
      platform: fc.constantFrom('android', 'ios', 'web', '', 'ANDROID'),
      token: fc.oneof(
        fc.constantFrom(`owner:${w.owner.id}`, 'a'.repeat(64), 'ab'.repeat(32), '', 'x'.repeat(4097), '../x'),
        fc.stringMatching(/^[A-Za-z0-9_:.-]{1,300}$/),
      ),
    }),
  },
  {
    route: 'DELETE /api/push/native-tokens/*',
    params: (w) => ({
      '*': fc.constantFrom(`owner:${w.owner.id}`, 'ab'.repeat(32), 'missing', 'a/b', '..', 'x'.repeat(5000)),
    }),
  },
  { route: 'GET /.well-known/assetlinks.json' },
  { route: 'GET /.well-known/apple-app-site-association' },
  { route: 'GET /api/notifications/settings' },
  { route: 'POST /api/invites', fields: (w) => ({ shroId: shroIdOf(w) }) },
  { route: 'GET /api/invites' },
  {
    route: 'GET /api/invites/:token',
    params: () => ({ token: fc.constantFrom('x'.repeat(43), 'short', 'A-_'.repeat(15), '..', '%2e%2e') }),
  },
  {
    route: 'DELETE /api/invites/:token',
    params: () => ({ token: fc.constantFrom('00000000-0000-0000-0000-000000000000', 'missing', '0', '..') }),
  },
  {
    route: 'PUT /api/notifications/settings',
    fields: () => ({
      kinds: fc.constantFrom(
        Object.fromEntries(
          ['shroReceived', 'boxOpened', 'reaction', 'friendRequest', 'message', 'achievement'].map((kind) => [
            kind,
            { inApp: true, push: false },
          ]),
        ),
        { message: { inApp: true, push: true } },
        'all',
      ),
      quietHours: fc.constantFrom(null, { start: '22:00', end: '07:00' }, { start: '25:00', end: '07:00' }, '22-7'),
    }),
  },
  {
    route: 'POST /api/chat/send',
    fields: (w) => ({
      recipientId: idOf(w),
      content: fc.string(),
      messageType: fc.constantFrom('plain', 'shro_share', 'system'),
      shroSessionId: shroIdOf(w),
    }),
  },
  { route: 'GET /api/chat/conversations' },
  { route: 'GET /api/chat/unread-count' },
  { route: 'GET /api/chat/:userId', params: (w) => ({ userId: idOf(w) }) },
  { route: 'POST /api/chat/:userId/read', params: (w) => ({ userId: idOf(w) }) },
  { route: 'DELETE /api/chat/:userId', params: (w) => ({ userId: idOf(w) }) },
  { route: 'GET /api/platform/stats' },
  {
    route: 'GET /api/tmdb/search/:kind',
    params: () => ({ kind: fc.constantFrom('movie', 'tv', 'person') }),
    query: () => ({ query: fc.constantFrom('matrix', 'ab', '') }),
  },
  {
    route: 'GET /api/catalog/posters/:kind/:file',
    params: () => ({
      kind: fc.constantFrom('movie', 'tv'),
      file: fc.constantFrom('1.png', '2.png', '0.png', '999999999.png', '1.svg'),
    }),
  },
  {
    route: 'POST /api/analytics',
    fields: () => ({
      events: fc.array(
        fc.record(
          {
            name: fc.constantFrom('page_view', 'create_shro', 'nope'),
            category: fc.constantFrom('navigation', 'engagement', 'nope'),
            label: fc.string(),
            path: fc.constantFrom('/', '/explore', 'http://evil.example', ''),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 60 },
      ),
    }),
  },
  {
    route: 'POST /api/csp-report',
    fields: () => ({
      'csp-report': fc.record(
        {
          'document-uri': fc.constantFrom(
            'http://localhost/',
            'http://localhost/x?token=1#y',
            'javascript:alert(1)',
            '',
          ),
          'blocked-uri': fc.constantFrom('inline', 'eval', 'data', 'https://evil.example/a.js?q=1', 'blob:x'),
          'violated-directive': fc.string({ maxLength: 40 }),
          'effective-directive': fc.constantFrom('script-src', 'script-src-elem', 'style-src-attr'),
          'line-number': fc.oneof(fc.integer(), fc.double(), fc.string()),
          'script-sample': fc.string({ maxLength: 100 }),
          disposition: fc.constantFrom('enforce', 'report'),
        },
        { requiredKeys: [] },
      ),
    }),
  },
  {
    route: 'GET /api/live',
    stream: true,
    query: (w) => ({
      watch: fc.constantFrom(
        w.privateText.id,
        `${w.link.id},${w.privateText.id}`,
        Array(25).fill(w.link.id).join(','),
        ',',
      ),
      lastEventId: fc.constantFrom('0', '1', '-1', '99999999999999999999', 'abc'),
    }),
  },
  {
    route: 'POST /api/reports',
    fields: (w) => ({
      targetType: fc.constantFrom('shro', 'user', 'message', 'image', 'session', ''),
      targetId: fc.constantFrom(
        w.publicShro.id,
        w.privateText.id,
        w.owner.id,
        String(w.messageId),
        w.unopenedImageKey,
        '0',
      ),
      reason: fc.constantFrom('spam', 'harassment', 'sexual', 'violence', 'hate', 'self_harm', 'other', 'rude'),
      details: fc.string({ maxLength: 600 }),
    }),
  },
  { route: 'GET /api/moderation/me', setup: asModerator },
  { route: 'GET /api/moderation/queue', setup: asModerator },
  {
    route: 'GET /api/moderation/targets/:type/:id',
    setup: asModerator,
    params: (w) => ({
      type: fc.constantFrom('shro', 'user', 'message', 'image', 'box'),
      id: fc.constantFrom(w.publicShro.id, w.owner.id, String(w.messageId), w.unopenedImageKey, '..', '0'),
    }),
  },
  {
    route: 'GET /api/moderation/images/:key',
    setup: asModerator,
    params: (w) => ({
      key: fc.constantFrom(w.unopenedImageKey, w.openedImageKey, '..%2Fpackage.json', 'A'.repeat(32)),
    }),
  },
  {
    route: 'POST /api/moderation/actions',
    setup: asModerator,
    fields: (w) => ({
      targetType: fc.constantFrom('shro', 'user', 'message', 'image', 'x'),
      targetId: fc.constantFrom(w.publicShro.id, w.stranger.id, String(w.messageId), w.unopenedImageKey),
      action: fc.constantFrom('dismiss', 'hide', 'restore', 'approve', 'delete', 'suspend', 'unsuspend', 'ban'),
      reason: fc.string({ maxLength: 600 }),
      until: fc.constantFrom('2999-01-01T00:00:00Z', '2000-01-01T00:00:00Z', 'soon', ''),
    }),
  },
  {
    route: 'GET /api/moderation/log',
    setup: asModerator,
    query: () => ({ before: fc.constantFrom('1', '0', '-1', '99999999999', 'abc') }),
  },
  { route: 'GET /healthz' },
  { route: 'GET /readyz' },
  { route: 'GET /api/openapi.json' },
  { route: 'GET /api/docs' },
  {
    route: 'GET /api/docs/:file',
    params: () => ({
      file: fc.constantFrom('start.js', 'swagger-ui.css', 'swagger-ui-bundle.js', 'package.json', '..%2Fpackage.json'),
    }),
  },
];
