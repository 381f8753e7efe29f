import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPORT_JSON_NAME } from '../../../contract/account';
import type { Shro } from '../../../contract/shro-views';
import { REVEAL_DELAY_MS } from '../../../contract/shros';
import { collectRoutes } from '../../../tests/support/routes';
import { loadConfig } from '../../config';
import { creatorWithFriends, type SignedInUser, textOptions } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { createTestApp, type TestContext } from '../../test/test-app';
import { readZip } from '../../test/zip';

/**
 * Every list that embeds a Shro (or a part of one) shows each viewer exactly what that viewer's
 * own detail view (GET /api/sessions/:id) shows: the fields present in both are equal, for every
 * role, for private, link and public Shros, before and after picks. A Shro the viewer may not
 * open is not embedded at all. The clock is frozen so "selected" and "revealed" cannot flip
 * between the list and the detail call.
 */

type Json = Record<string, unknown>;
type Caller = SignedInUser | null;

/** One list and how to read the Shro parts it embeds, renamed to the detail view's field names. */
interface EmbeddingList {
  name: string;
  routes: string[];
  /** The embedded parts about `shroId` this caller gets; null when the list is not theirs to read. */
  read(who: Caller, shroId: string, title: string): Promise<Json[] | null>;
}

/** GET routes that embed no Shro state (ids at most), and why; a new GET route fails until it is classified. */
const EMBEDS_NO_SHRO: Record<string, string> = {
  'GET /api/sessions/:id': 'the detail view itself: the reference every list is compared with',
  'GET /api/live': 'events carry ids and the public state a visitor reads anyway (decision 100)',
  'GET /api/chat/conversations': 'the last message carries its text and type, not the shared Shro',
  'GET /api/chat/unread-count': 'a number',
  'GET /api/notifications/unread-count': 'a number',
  'GET /api/notifications/settings': 'on/off per kind and channel, quiet hours',
  'GET /api/push/public-key': 'the VAPID public key',
  'GET /api/invites': "the caller's invite links: dates and counts, a Shro's id at most",
  'GET /api/invites/:token': "the inviter's public profile",
  'GET /api/users/profile/:username': 'the public user only; profiles list no Shros',
  'GET /api/users/stats/:id': 'counters',
  'GET /api/users/achievements/:id': 'achievements',
  'GET /api/users/online-status': 'user id → online',
  'GET /api/stats': 'counters',
  'GET /api/achievements': 'achievements',
  'GET /api/auth/user': 'the signed-in user',
  'GET /api/auth/sessions': "the caller's signed-in devices",
  'GET /api/auth/passkeys': "the caller's passkeys: names and dates",
  'GET /api/auth/password-reset': 'whether reset by email is set up: a flag',
  'GET /api/friends': 'users',
  'GET /api/friends/requests': 'users',
  'GET /api/friends/sent': 'users',
  'GET /api/friends/search': 'users',
  'GET /api/friends/status/:id': 'a friendship state',
  'GET /api/blocks': 'users the caller blocked',
  'GET /api/mutes': 'ids of the users and Shros the caller muted',
  'GET /api/mutes/users': 'the public fields of the people the caller muted',
  'GET /api/mutes/sessions': 'the id and title of each Shro the caller muted, no state',
  'GET /api/platform/stats': 'platform totals',
  'GET /api/tmdb/search/:kind': 'catalogue titles',
  'GET /api/catalog/posters/:kind/:file': 'an image',
  'GET /api/sessions/:id/preview.png': 'an image of the title, creator and public state, never box content',
  'GET /api/uploads/:key': 'a file',
  'GET /healthz': 'process health',
  'GET /.well-known/assetlinks.json': 'the Android app id and certificate fingerprints',
  'GET /.well-known/apple-app-site-association': 'the iOS app id and the paths it opens',
  'GET /readyz': 'readiness',
  'GET /api/openapi.json': 'the API document: schemas, never data',
  'GET /api/docs': 'the API reference page: static HTML',
  'GET /api/docs/:file': "the reference page's script and styles",
  'GET /api/moderation/me': 'moderators only: a flag',
  'GET /api/moderation/queue': 'moderators only (404 for everyone else): titles and report counts',
  'GET /api/moderation/targets/:type/:id': 'moderators only: the reported content, each view audited',
  'GET /api/moderation/images/:key': 'moderators only: a file',
  'GET /api/moderation/log': 'moderators only: the audit log',
};

let ctx: TestContext;
let creator: SignedInUser;
/** Friends of the creator: the recipients of the private Shro; on a link or public Shro, two players. */
let picker: SignedInUser;
let waiter: SignedInUser;
/** The creator's friend, never a recipient: gets chat shares of link and public Shros only. */
let stranger: SignedInUser;

const call = (who: Caller, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: Json) =>
  ctx.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

async function getJson(who: Caller, url: string): Promise<unknown | null> {
  const response = await call(who, 'GET', url);
  if (response.statusCode === 401) return null;
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

const exploreList = (name: string, url: (title: string) => string): EmbeddingList => ({
  name,
  routes: [`GET ${url('').split('?')[0]}`],
  read: async (who, shroId, title) => {
    const page = (await getJson(who, url(title))) as { items: Json[] } | null;
    return page ? page.items.filter((card) => card.id === shroId) : null;
  },
});

const lists: EmbeddingList[] = [
  {
    name: 'notifications',
    routes: ['GET /api/notifications'],
    read: async (who, shroId) => {
      const items = (await getJson(who, '/api/notifications')) as Json[] | null;
      return items ? embeddedNotifications(items, shroId) : null;
    },
  },
  {
    name: 'a notification marked read',
    routes: [],
    read: async (who, shroId) => {
      const items = (await getJson(who, '/api/notifications')) as Json[] | null;
      if (!items) return null;
      const answers: Json[] = [];
      for (const item of items.filter((n) => n.sessionId === shroId)) {
        const response = await call(who, 'PATCH', `/api/notifications/${item.id}/read`);
        expect(response.statusCode).toBe(200);
        answers.push(response.json());
      }
      return embeddedNotifications(answers, shroId);
    },
  },
  {
    name: 'history',
    routes: ['GET /api/sessions'],
    read: async (who, shroId) => {
      const page = (await getJson(who, '/api/sessions?pageSize=50')) as { items: Json[] } | null;
      return page ? page.items.filter((item) => item.id === shroId) : null;
    },
  },
  exploreList('explore', () => '/api/explore?pageSize=50'),
  exploreList('trending', () => '/api/explore/trending?pageSize=50'),
  exploreList('explore search', (title) => `/api/explore/search?q=${encodeURIComponent(title)}`),
  {
    name: 'home inbox',
    routes: ['GET /api/home'],
    read: async (who, shroId) => {
      const inbox = (await getJson(who, '/api/home')) as { waiting: Json[]; live: Json[] } | null;
      return inbox ? [...inbox.waiting, ...inbox.live].filter((item) => item.id === shroId) : null;
    },
  },
  {
    // The data export (decision 114): the Shros the user made, opened or received, as the app shows them.
    name: 'account export',
    routes: ['GET /api/account/export'],
    read: async (who, shroId) => {
      if (!who) return null;
      const response = await call(who, 'GET', '/api/account/export');
      expect(response.statusCode, response.body).toBe(200);
      const data = JSON.parse((await readZip(response.rawPayload)).get(EXPORT_JSON_NAME)!.toString('utf8'));
      const picked = (data.picks as { shro: Json | null }[]).map((p) => p.shro);
      return [...data.shrosCreated, ...picked, ...data.shrosReceivedNotOpened].filter(
        (s: Json | null) => s?.id === shroId,
      );
    },
  },
  {
    name: 'chat share cards',
    routes: ['GET /api/chat/:userId'],
    read: async (who, shroId) => {
      // Chat is for signed-in friends only.
      if (!who) return null;
      const others = who === creator ? [picker, waiter, stranger] : [creator];
      const cards: Json[] = [];
      for (const other of others) {
        const messages = (await getJson(who, `/api/chat/${other.id}`)) as Json[];
        for (const m of messages.filter((m) => m.shroSessionId === shroId)) cards.push({ id: m.shroSessionId });
      }
      return cards;
    },
  },
];

/** A notification's Shro part in the detail view's terms; a notification about a Shro the viewer cannot see embeds nothing. */
function embeddedNotifications(items: Json[], shroId: string): Json[] {
  return items
    .filter((n) => n.sessionId === shroId)
    .map((n) =>
      n.session === null ? { id: n.sessionId, session: null } : { id: n.sessionId, ...(n.session as Json) },
    );
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every field of `embedded` that the detail view also has must be equal (nested objects and arrays field by field). */
function differences(embedded: unknown, detail: unknown, path: string, found: string[]): number {
  if (isObject(embedded) && isObject(detail)) {
    let compared = 0;
    for (const [key, value] of Object.entries(embedded)) {
      if (key in detail) compared += differences(value, detail[key], `${path}.${key}`, found);
    }
    return compared;
  }
  if (Array.isArray(embedded) && Array.isArray(detail) && embedded.some(isObject)) {
    if (embedded.length !== detail.length) {
      found.push(`${path}: ${embedded.length} entries, detail has ${detail.length}`);
      return 1;
    }
    return embedded.reduce<number>((n, entry, i) => n + differences(entry, detail[i], `${path}[${i}]`, found), 0);
  }
  if (!isDeepStrictEqual(embedded, detail)) {
    found.push(`${path}: list ${JSON.stringify(embedded)}, detail ${JSON.stringify(detail)}`);
  }
  return 1;
}

const roles = (): [string, Caller][] => [
  ['creator', creator],
  ['recipient who picked', picker],
  ['recipient who did not pick', waiter],
  ['stranger', stranger],
  ['visitor', null],
];

/** What was compared: `list|kind|role` → fields compared, for the coverage checks below. */
const compared = new Map<string, number>();

/** Compares every list with the detail view for every role, at the frozen time. */
async function compareAll(kind: string, stage: string, shro: Shro) {
  const found: string[] = [];
  for (const [role, who] of roles()) {
    const detailResponse = await call(who, 'GET', `/api/sessions/${shro.id}`);
    expect([200, 404], `${role} detail`).toContain(detailResponse.statusCode);
    const detail: Shro | null = detailResponse.statusCode === 200 ? detailResponse.json() : null;
    for (const list of lists) {
      const embedded = await list.read(who, shro.id, shro.title);
      if (embedded === null) continue;
      const where = `${kind} Shro, ${stage}, ${role}, ${list.name}`;
      if (!detail) {
        // Not theirs to open: no list shows its state (a notification may name it, with `session: null`).
        for (const entry of embedded) expect(Object.keys(entry).sort(), where).toEqual(['id', 'session']);
        continue;
      }
      for (const entry of embedded) {
        const n = differences(entry, detail, where, found);
        const key = `${list.name}|${kind}|${role}`;
        compared.set(key, (compared.get(key) ?? 0) + n);
      }
    }
  }
  expect(found).toEqual([]);
}

const base = Date.now();
const at = (ms: number) => vi.setSystemTime(new Date(base + ms));

beforeAll(async () => {
  // Generous limits: the frozen clock never refills an in-memory budget.
  const limits = Object.fromEntries(
    Object.entries(loadConfig().rateLimits).map(([key, value]) => [key, typeof value === 'number' ? 1_000_000 : value]),
  );
  ctx = await createTestApp({ rateLimits: limits });
  const made = await creatorWithFriends(ctx, 3);
  creator = made.creator;
  [picker, waiter, stranger] = made.friends as [SignedInUser, SignedInUser, SignedInUser];
  vi.useFakeTimers({ toFake: ['Date'] });
  at(0);
});
afterAll(async () => {
  vi.useRealTimers();
  await ctx.close();
});

const DAY = 24 * 60 * 60 * 1000;
const KINDS = {
  private: () => ({ recipients: JSON.stringify([picker.id, waiter.id]), isShareable: 'false' }),
  link: () => ({ isShareable: 'true', expiresAt: new Date(base + DAY).toISOString() }),
  public: () => ({ isPublic: 'true', isShareable: 'false' }),
} as const;

describe.each(Object.keys(KINDS) as (keyof typeof KINDS)[])('a %s Shro', (kind) => {
  it('looks the same in every list as in each viewer’s own detail view, before and after picks', async () => {
    at(0);
    const title = `Embedded ${kind} dinner`;
    const { payload, headers } = await multipart({
      title,
      type: 'text',
      textOptions: textOptions('Pizza', 'Sushi', 'Tacos', 'Curry'),
      winningBoxPosition: '2',
      hashtags: `embedded${kind}`,
      ...KINDS[kind](),
    });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload,
      headers: { ...headers, cookie: creator.cookie },
    });
    expect(created.statusCode, created.body).toBe(201);
    const shro: Shro = created.json();

    // The creator shares it in chat (a private Shro only with its recipients).
    const sharedWith = kind === 'private' ? [picker, waiter] : [picker, waiter, stranger];
    for (const friend of sharedWith) {
      const sent = await call(creator, 'POST', '/api/chat/send', {
        recipientId: friend.id,
        content: 'look',
        messageType: 'shro_share',
        shroSessionId: shro.id,
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    await compareAll(kind, 'before any pick', shro);

    at(1000);
    const pick = await call(picker, 'POST', `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[0]!.id });
    expect(pick.statusCode, pick.body).toBe(200);
    const react = await call(picker, 'POST', `/api/sessions/${shro.id}/react`, { emoji: '🔥' });
    expect(react.statusCode, react.body).toBe(200);
    await compareAll(kind, 'just after one pick', shro);

    at(1000 + REVEAL_DELAY_MS + 1000);
    await compareAll(kind, 'after the reveal delay', shro);

    // The one who had not picked opens a box too: their own pick, not the first one, is what they see.
    const second = await call(waiter, 'POST', `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[3]!.id });
    expect(second.statusCode, second.body).toBe(200);
    await compareAll(kind, 'after a second pick', shro);

    if (kind === 'link') {
      at(2 * DAY);
      await compareAll(kind, 'after it expired', shro);
    }
  });
});

describe('coverage', () => {
  it('compared the lists where each role sees the Shro, the leak of issue 10 included', () => {
    const expected = [
      // A recipient who has not picked sees the Shro in their notifications: the reported leak.
      'notifications|private|recipient who did not pick',
      'notifications|private|recipient who picked',
      'notifications|private|creator',
      'notifications|link|creator',
      'a notification marked read|private|recipient who did not pick',
      'history|private|creator',
      'history|private|recipient who did not pick',
      'history|link|recipient who picked',
      'history|public|recipient who picked',
      'explore|public|stranger',
      'trending|public|creator',
      'explore search|public|recipient who did not pick',
      'chat share cards|private|recipient who did not pick',
      'chat share cards|link|stranger',
      'chat share cards|public|creator',
      'home inbox|private|recipient who did not pick',
      'home inbox|private|creator',
      'home inbox|link|stranger',
      'home inbox|link|creator',
      'home inbox|public|creator',
      'account export|private|creator',
      'account export|private|recipient who did not pick',
      'account export|private|recipient who picked',
      'account export|link|recipient who picked',
      'account export|public|recipient who picked',
    ];
    for (const key of expected) expect(compared.get(key) ?? 0, key).toBeGreaterThan(0);
    // Explore lists public Shros only.
    for (const key of compared.keys()) if (/^(explore|trending)/.test(key)) expect(key).toMatch(/\|public\|/);
  });

  it('every GET route is either compared above or embeds no Shro state', () => {
    const covered = new Set([...lists.flatMap((l) => l.routes), ...Object.keys(EMBEDS_NO_SHRO)]);
    const routes = collectRoutes(ctx.app).filter((r) => r.startsWith('GET '));
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
  });
});
