import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExplorePage } from '../../../contract/explore';
import type { Shro } from '../../../contract/shro-views';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { friendRequests, outbox, picks, shroMutes, shros, userBlocks, userMutes } from '../../db/schema/index';
import { wording } from '../../i18n/catalogs';
import {
  befriend,
  block,
  createShro,
  createUser,
  getShro,
  notificationsOf,
  pairLinks,
  pickBox,
  type SignedInUser,
  select,
  textOptions,
} from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { insertNotifications } from '../notifications/queries';
import { canViewShro } from '../shros/access';
import { blockedEitherWay, blockedIdsOf, isMuted } from './queries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (who: SignedInUser | null, method: Method, url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

const blockCall = (who: SignedInUser, id: string, method: Method = 'POST') =>
  call(who, method, `/api/blocks/${encodeURIComponent(id)}`);
const muteCall = (who: SignedInUser, id: string, method: Method = 'POST') =>
  call(who, method, `/api/mutes/users/${encodeURIComponent(id)}`);
const muteShroCall = (who: SignedInUser, id: string, method: Method = 'POST') =>
  call(who, method, `/api/sessions/${encodeURIComponent(id)}/mute`);

async function blockRows() {
  const [row] = await ctx.database.db.select({ n: count() }).from(userBlocks);
  return row!.n;
}

const publicShro = (who: SignedInUser, title: string) =>
  createShro(ctx, who.cookie, { title, isShareable: false, isPublic: true });

/** Three fresh people: `a` blocks `b` through the API; `c` stands apart. */
async function blockedTrio() {
  const a = await createUser(ctx);
  const b = await createUser(ctx);
  const c = await createUser(ctx);
  const response = await blockCall(a, b.id);
  expect(response.statusCode, response.body).toBe(200);
  return { a, b, c };
}

describe('auth', () => {
  it.each([
    ['GET', '/api/blocks'],
    ['GET', '/api/mutes'],
    ['GET', '/api/mutes/users'],
    ['GET', '/api/mutes/sessions'],
    ['POST', '/api/blocks/x'],
    ['DELETE', '/api/blocks/x'],
    ['POST', '/api/mutes/users/x'],
    ['DELETE', '/api/mutes/users/x'],
    ['POST', '/api/sessions/x/mute'],
    ['DELETE', '/api/sessions/x/mute'],
  ] as const)('%s %s needs a signed-in user', async (method, url) => {
    const response = await call(null, method, url);
    expect(response.statusCode).toBe(401);
  });
});

describe('blocking', () => {
  it('blocks, lists, is idempotent, and unblocks', async () => {
    const a = await createUser(ctx, { firstName: 'Ada', lastName: 'Lovelace' });
    const b = await createUser(ctx, { firstName: 'Bob', profileImageUrl: '/api/uploads/abc' });
    const first = await blockCall(a, b.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ userId: b.id, blocked: true, muted: false });
    const before = await blockRows();
    const again = await blockCall(a, b.id);
    expect(again.json()).toEqual({ userId: b.id, blocked: true, muted: false });
    expect(await blockRows()).toBe(before);

    const list = await call(a, 'GET', '/api/blocks');
    expect(list.statusCode).toBe(200);
    const [item, ...rest] = list.json();
    expect(rest).toEqual([]);
    expect(item).toEqual({
      id: b.id,
      username: b.username,
      firstName: 'Bob',
      lastName: null,
      profileImageUrl: '/api/uploads/abc',
      blockedAt: expect.any(String),
    });
    expect(Object.keys(item)).not.toContain('email');
    // Only one's own blocks: the blocked person's list is empty.
    expect((await call(b, 'GET', '/api/blocks')).json()).toEqual([]);

    const lifted = await blockCall(a, b.id, 'DELETE');
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ userId: b.id, blocked: false, muted: false });
    expect((await call(a, 'GET', '/api/blocks')).json()).toEqual([]);
    expect(await blockedEitherWay(ctx.database.db, a.id, b.id)).toBe(false);
    // Unblocking someone not blocked changes nothing.
    expect((await blockCall(a, b.id, 'DELETE')).json()).toEqual({ userId: b.id, blocked: false, muted: false });
  });

  it('lists newest first', async () => {
    const a = await createUser(ctx);
    const first = await createUser(ctx);
    const second = await createUser(ctx);
    await blockCall(a, first.id);
    await ctx.database.db
      .update(userBlocks)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(userBlocks.blockedId, first.id));
    await blockCall(a, second.id);
    const ids = (await call(a, 'GET', '/api/blocks')).json().map((u: { id: string }) => u.id);
    expect(ids).toEqual([second.id, first.id]);
  });

  it('refuses bad input and changes nothing', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const before = await blockRows();
    const cases: [Promise<Awaited<ReturnType<typeof call>>>, number, string][] = [
      [blockCall(a, a.id), 400, 'You cannot block yourself'],
      [blockCall(a, a.id, 'DELETE'), 400, 'You cannot block yourself'],
      [blockCall(a, randomUUID()), 404, 'User not found'],
      [blockCall(a, randomUUID(), 'DELETE'), 404, 'User not found'],
      [blockCall(a, 'x'.repeat(65)), 404, 'User not found'],
      [call(a, 'POST', `/api/blocks/${b.id}`, { reason: 'spam' }), 400, 'Unknown field "reason".'],
    ];
    for (const [pending, status, message] of cases) {
      const response = await pending;
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual({ message, code: expect.any(String) });
    }
    expect(await blockRows()).toBe(before);
  });

  it('ends the friendship and pending requests both ways, and they do not come back with an unblock', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const c = await createUser(ctx);
    await befriend(ctx, a, b);
    await ctx.database.db.insert(friendRequests).values([
      { fromUserId: a.id, toUserId: c.id },
      { fromUserId: c.id, toUserId: a.id },
    ]);
    expect((await blockCall(a, b.id)).statusCode).toBe(200);
    expect((await blockCall(c, a.id)).statusCode).toBe(200);
    expect(await pairLinks(ctx, a.id, b.id)).toEqual({ friendships: 0, requests: [] });
    expect(await pairLinks(ctx, a.id, c.id)).toEqual({ friendships: 0, requests: [] });
    await blockCall(a, b.id, 'DELETE');
    expect(await pairLinks(ctx, a.id, b.id)).toEqual({ friendships: 0, requests: [] });
    expect((await call(a, 'GET', '/api/friends')).json()).toEqual([]);
  });

  it('exports helpers that see a block from either side', async () => {
    const { a, b, c } = await blockedTrio();
    const { db } = ctx.database;
    expect(await blockedEitherWay(db, b.id, a.id)).toBe(true);
    expect(await blockedEitherWay(db, a.id, c.id)).toBe(false);
    expect(await blockedIdsOf(db, a.id)).toEqual([b.id]);
    expect(await blockedIdsOf(db, b.id)).toEqual([a.id]);
    expect(await isMuted(db, a.id, { actorId: b.id })).toBe(true);
    expect(await isMuted(db, b.id, { actorId: a.id })).toBe(true);
    expect(await isMuted(db, a.id, { actorId: c.id })).toBe(false);
  });
});

describe('friend requests and search', () => {
  it('a request either way gets what a request to nobody gets', async () => {
    const { a, b } = await blockedTrio();
    const nobody = await call(b, 'POST', '/api/friends/request', { friendId: randomUUID() });
    for (const [from, to] of [
      [b, a],
      [a, b],
    ] as const) {
      const response = await call(from, 'POST', '/api/friends/request', { friendId: to.id });
      expect(response.statusCode).toBe(nobody.statusCode);
      expect(response.json()).toEqual(nobody.json());
    }
    expect(await pairLinks(ctx, a.id, b.id)).toEqual({ friendships: 0, requests: [] });
    expect(await notificationsOf(ctx, a.id)).toEqual([]);

    await blockCall(a, b.id, 'DELETE');
    const after = await call(b, 'POST', '/api/friends/request', { friendId: a.id });
    expect(after.statusCode).toBe(201);
  });

  it('user search leaves them out both ways', async () => {
    const tag = randomUUID().slice(0, 6);
    const a = await createUser(ctx, { username: `blk${tag}a` });
    const b = await createUser(ctx, { username: `blk${tag}b` });
    const c = await createUser(ctx, { username: `blk${tag}c` });
    await blockCall(a, b.id);
    const names = async (who: SignedInUser) =>
      (await call(who, 'GET', `/api/friends/search?q=blk${tag}`)).json().map((u: { username: string }) => u.username);
    expect(await names(a)).toEqual([c.username]);
    expect(await names(b)).toEqual([c.username]);
    expect((await names(c)).sort()).toEqual([a.username, b.username].sort());
  });
});

describe('chat', () => {
  it('no messages either way, as for a stranger; the blocker no longer lists the conversation', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const stranger = await createUser(ctx);
    await befriend(ctx, a, b);
    const sent = await call(b, 'POST', '/api/chat/send', { recipientId: a.id, content: 'hi' });
    expect(sent.statusCode).toBe(201);
    expect((await call(a, 'GET', '/api/chat/unread-count')).json()).toBe(1);

    await blockCall(a, b.id);
    const toStranger = await call(b, 'POST', '/api/chat/send', { recipientId: stranger.id, content: 'hi' });
    for (const [from, to] of [
      [b, a],
      [a, b],
    ] as const) {
      const response = await call(from, 'POST', '/api/chat/send', { recipientId: to.id, content: 'still there?' });
      expect(response.statusCode).toBe(toStranger.statusCode);
      expect(response.json()).toEqual(toStranger.json());
    }
    const partners = async (who: SignedInUser) =>
      (await call(who, 'GET', '/api/chat/conversations')).json().map((c: { user: { id: string } }) => c.user.id);
    expect(await partners(a)).toEqual([]);
    expect((await call(a, 'GET', '/api/chat/unread-count')).json()).toBe(0);
    // The blocked person is not told: their conversation stays as it was.
    expect(await partners(b)).toEqual([a.id]);

    await blockCall(a, b.id, 'DELETE');
    expect(await partners(a)).toEqual([b.id]);
  });
});

describe('Shros', () => {
  it("each other's Shros are not found: read, pick, react, share, mute, live", async () => {
    const { a, b, c } = await blockedTrio();
    const ofA = await publicShro(a, 'Blocker picks');
    const ofB = await publicShro(b, 'Blocked picks');
    const missing = await getShro(ctx, randomUUID(), b.cookie);
    expect(missing.statusCode).toBe(404);
    for (const [who, shro] of [
      [b, ofA],
      [a, ofB],
    ] as const) {
      const read = await getShro(ctx, shro.id, who.cookie);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual(missing.json());
      const pick = await select(ctx, shro.id, who.cookie, shro.boxes[0]!.id);
      expect(pick.statusCode).toBe(404);
      expect(pick.json()).toEqual(missing.json());
      const react = await call(who, 'POST', `/api/sessions/${shro.id}/react`, { emoji: '🔥' });
      expect(react.statusCode).toBe(404);
      expect((await call(who, 'POST', `/api/sessions/${shro.id}/share`)).statusCode).toBe(404);
      expect((await muteShroCall(who, shro.id)).statusCode).toBe(404);
      const deps = { db: ctx.database.db, cache: ctx.app.shroCache, live: ctx.app.bus };
      expect(await canViewShro(deps, shro.id, { id: who.id, username: who.username })).toBe(false);
    }
    // Everyone else, visitors included, still sees both; each creator sees their own.
    expect((await getShro(ctx, ofA.id, c.cookie)).statusCode).toBe(200);
    expect((await getShro(ctx, ofB.id)).statusCode).toBe(200);
    expect((await getShro(ctx, ofA.id, a.cookie)).statusCode).toBe(200);

    await blockCall(a, b.id, 'DELETE');
    expect((await getShro(ctx, ofA.id, b.cookie)).statusCode).toBe(200);
  });

  it('a pick refused for any reason answers 404 once a block stands between picker and creator', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const shro = await publicShro(a, 'Picked before the block');
    const missing = await getShro(ctx, randomUUID(), b.cookie);
    expect((await select(ctx, shro.id, b.cookie, shro.boxes[0]!.id)).statusCode).toBe(200);
    // Without a block, a second pick is 409, even with a box that is not the Shro's.
    expect((await select(ctx, shro.id, b.cookie, shro.boxes[1]!.id)).statusCode).toBe(409);
    expect((await select(ctx, shro.id, b.cookie, 999_999)).statusCode).toBe(409);
    for (const [blocker, blocked] of [
      [a, b],
      [b, a],
    ] as const) {
      expect((await blockCall(blocker, blocked.id)).statusCode).toBe(200);
      // The picker's earlier pick, known here (kept with the Shro) or not (the cache dropped).
      for (const dropped of [false, true]) {
        if (dropped) ctx.app.shroCache.invalidate(shro.id);
        for (const boxId of [shro.boxes[1]!.id, 999_999]) {
          const refused = await select(ctx, shro.id, b.cookie, boxId);
          expect(refused.statusCode, `box ${boxId}`).toBe(404);
          expect(refused.json()).toEqual(missing.json());
        }
      }
      expect((await blockCall(blocker, blocked.id, 'DELETE')).statusCode).toBe(200);
    }
    const [row] = await ctx.database.db.select({ n: count() }).from(picks).where(eq(picks.shroId, shro.id));
    expect(row?.n).toBe(1);
  });

  it('a first pick across a block writes nothing, and an expired Shro answers 404 to them too (decision 144)', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    // Two options: boxes 3 and 4 are empty.
    const shro = await createShro(ctx, a.cookie, {
      title: 'Never picked',
      isShareable: false,
      isPublic: true,
      textOptions: textOptions('Heads', 'Tails'),
    });
    expect(shro.boxes[3]!.isEmpty).toBe(true);
    const missing = await getShro(ctx, randomUUID(), b.cookie);
    // Read while nothing stood between them: this instance keeps the Shro, and no block check is cached.
    expect((await getShro(ctx, shro.id, b.cookie)).statusCode).toBe(200);
    for (const [blocker, blocked] of [
      [a, b],
      [b, a],
    ] as const) {
      expect((await blockCall(blocker, blocked.id)).statusCode).toBe(200);
      // A box of the Shro, a box that is not one of its boxes, an empty box: "not found" every time.
      for (const boxId of [shro.boxes[0]!.id, 999_999, shro.boxes[3]!.id]) {
        const refused = await select(ctx, shro.id, b.cookie, boxId);
        expect(refused.statusCode, `box ${boxId}`).toBe(404);
        expect(refused.json()).toEqual(missing.json());
      }
      expect((await blockCall(blocker, blocked.id, 'DELETE')).statusCode).toBe(200);
    }
    const pickRows = await ctx.database.db.select({ n: count() }).from(picks).where(eq(picks.shroId, shro.id));
    const queued = await ctx.database.db.select({ n: count() }).from(outbox).where(eq(outbox.shroId, shro.id));
    expect([pickRows[0]?.n, queued[0]?.n]).toEqual([0, 0]);

    // Expired: someone blocked learns nothing but "not found" (410 for everyone else).
    await ctx.database.db
      .update(shros)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shros.id, shro.id));
    ctx.app.shroCache.invalidate(shro.id);
    const c = await createUser(ctx);
    expect((await select(ctx, shro.id, c.cookie, shro.boxes[0]!.id)).statusCode).toBe(410);
    expect((await blockCall(b, a.id)).statusCode).toBe(200);
    const expired = await select(ctx, shro.id, b.cookie, shro.boxes[0]!.id);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(missing.json());
  });

  it('a reaction after a pick made before the block is refused too', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const shro = await publicShro(a, 'Picked before');
    await pickBox(ctx, b.cookie, shro, 1);
    await block(ctx, b, a);
    const react = await call(b, 'POST', `/api/sessions/${shro.id}/react`, { emoji: '🔥' });
    expect(react.statusCode).toBe(404);
    expect(await notificationsOf(ctx, a.id, 'reaction')).toEqual([]);
  });

  it('private Shros sent before the block disappear for the recipient, in the history too', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    await befriend(ctx, a, b);
    const shro: Shro = await createShro(ctx, a.cookie, { title: 'Just us', isShareable: false, recipients: [b.id] });
    const history = async (who: SignedInUser) =>
      (await call(who, 'GET', '/api/sessions')).json().items.map((s: { id: string }) => s.id);
    expect(await history(b)).toContain(shro.id);

    await blockCall(b, a.id);
    expect((await getShro(ctx, shro.id, b.cookie)).statusCode).toBe(404);
    expect(await history(b)).not.toContain(shro.id);
    // The creator keeps their own Shro; a new one to the blocked person is refused (no longer friends).
    expect((await getShro(ctx, shro.id, a.cookie)).statusCode).toBe(200);
    const again = await call(a, 'POST', '/api/sessions', {
      title: 'Again',
      type: 'text',
      isShareable: false,
      recipients: [b.id],
      textOptions: JSON.stringify([{ content: 'a' }, { content: 'b' }]),
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('explore and profiles', () => {
  it("leaves each other's public Shros out of explore, trending and search, both ways", async () => {
    const tag = randomUUID().replaceAll('-', '').slice(0, 8);
    const { a, b, c } = await blockedTrio();
    await publicShro(a, `Ablk ${tag}`);
    await publicShro(b, `Bblk ${tag}`);
    const titles = async (who: SignedInUser, url: string) => {
      const response = await call(who, 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as ExplorePage).items.map((i) => i.title).filter((t) => t.endsWith(tag));
    };
    for (const url of [
      '/api/explore?pageSize=50',
      '/api/explore/trending?pageSize=50',
      `/api/explore/search?q=${tag}&pageSize=50`,
    ]) {
      expect(await titles(a, url)).toEqual([`Ablk ${tag}`]);
      expect(await titles(b, url)).toEqual([`Bblk ${tag}`]);
      expect((await titles(c, url)).sort()).toEqual([`Ablk ${tag}`, `Bblk ${tag}`]);
    }
  });

  it('the blocked person finds no profile; the blocker and everyone else still do', async () => {
    const { a, b, c } = await blockedTrio();
    const profile = (who: SignedInUser | null, name: string) => call(who, 'GET', `/api/users/profile/${name}`);
    const nobody = await profile(b, `nobody_${randomUUID().slice(0, 8)}`);
    const hidden = await profile(b, a.username);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(nobody.json());
    expect((await profile(a, b.username)).statusCode).toBe(200);
    expect((await profile(c, a.username)).statusCode).toBe(200);
    expect((await profile(null, a.username)).statusCode).toBe(200);
  });

  it('stats, achievements and friend status answer as for nobody, both ways; everyone else still gets them', async () => {
    const { a, b, c } = await blockedTrio();
    const nobodyId = randomUUID();
    const reads = (id: string) => [
      `/api/users/stats/${id}`,
      `/api/users/achievements/${id}`,
      `/api/friends/status/${id}`,
    ];
    for (const [who, other] of [
      [b, a],
      [a, b],
    ] as const) {
      for (const [index, url] of reads(other.id).entries()) {
        const hidden = await call(who, 'GET', url);
        const nobody = await call(who, 'GET', reads(nobodyId)[index]!);
        expect({ url, status: hidden.statusCode, body: hidden.json() }).toEqual({
          url,
          status: nobody.statusCode,
          body: nobody.json(),
        });
        expect(hidden.statusCode).toBe(404);
      }
    }
    for (const url of [...reads(a.id), ...reads(b.id)]) expect((await call(c, 'GET', url)).statusCode, url).toBe(200);
    for (const url of reads(a.id).slice(0, 2)) expect((await call(null, 'GET', url)).statusCode, url).toBe(200);
    // Each still reads their own.
    expect((await call(a, 'GET', `/api/users/stats/${a.id}`)).statusCode).toBe(200);
    expect((await call(b, 'GET', `/api/users/achievements/${b.id}`)).statusCode).toBe(200);
    // Unblocked, the reads come back.
    expect((await blockCall(a, b.id, 'DELETE')).statusCode).toBe(200);
    for (const url of reads(a.id)) expect((await call(b, 'GET', url)).statusCode, url).toBe(200);
  });
});

describe('notifications', () => {
  it('none between people with a block, whichever way, from the central insert', async () => {
    const { a, b, c } = await blockedTrio();
    const stored = await insertNotifications(ctx.database.db, [
      { userId: a.id, type: 'reaction', title: wording('t'), message: wording('m'), actorId: b.id },
      { userId: b.id, type: 'reaction', title: wording('t'), message: wording('m'), actorId: a.id },
      { userId: a.id, type: 'reaction', title: wording('t'), message: wording('m'), actorId: c.id },
    ]);
    expect(stored.map((n) => [n.userId, n.actorId])).toEqual([[a.id, c.id]]);
    expect(await notificationsOf(ctx, b.id)).toEqual([]);
  });

  it('those stored before the block are neither listed nor counted, whichever way; an unblock shows them again', async () => {
    const [a, b, c] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx)]);
    await insertNotifications(ctx.database.db, [
      { userId: a.id, type: 'reaction', title: wording('From b'), message: wording('b reacted'), actorId: b.id },
      { userId: b.id, type: 'reaction', title: wording('From a'), message: wording('a reacted'), actorId: a.id },
      { userId: a.id, type: 'reaction', title: wording('From c'), message: wording('c reacted'), actorId: c.id },
      { userId: a.id, type: 'achievement_unlocked', title: wording('No actor'), message: wording('unlocked') },
    ]);
    const seen = async (who: SignedInUser) => {
      const list = await call(who, 'GET', '/api/notifications');
      const unread = await call(who, 'GET', '/api/notifications/unread-count');
      expect(list.statusCode, list.body).toBe(200);
      expect(unread.statusCode, unread.body).toBe(200);
      return {
        titles: (list.json() as { title: string }[]).map((n) => n.title).sort(),
        unread: unread.json() as number,
      };
    };
    expect(await seen(a)).toEqual({ titles: ['From b', 'From c', 'No actor'], unread: 3 });
    expect(await seen(b)).toEqual({ titles: ['From a'], unread: 1 });

    expect((await blockCall(a, b.id)).statusCode).toBe(200);
    expect(await seen(a)).toEqual({ titles: ['From c', 'No actor'], unread: 2 });
    expect(await seen(b)).toEqual({ titles: [], unread: 0 });

    expect((await blockCall(a, b.id, 'DELETE')).statusCode).toBe(200);
    expect(await seen(a)).toEqual({ titles: ['From b', 'From c', 'No actor'], unread: 3 });
    expect(await seen(b)).toEqual({ titles: ['From a'], unread: 1 });
  });

  it('a muted user causes no notifications; everything else still works', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const muted = await muteCall(a, b.id);
    expect(muted.statusCode).toBe(200);
    expect(muted.json()).toEqual({ userId: b.id, blocked: false, muted: true });
    expect((await muteCall(a, b.id)).json()).toEqual({ userId: b.id, blocked: false, muted: true });
    expect((await call(a, 'GET', '/api/mutes')).json()).toEqual({ userIds: [b.id], shroIds: [] });

    const request = await call(b, 'POST', '/api/friends/request', { friendId: a.id });
    expect(request.statusCode).toBe(201);
    const shro = await publicShro(a, 'Muted picker');
    const picked = await pickBox(ctx, b.cookie, shro, 2);
    expect(picked.boxes.some((box) => box.isSelected)).toBe(true);
    expect((await call(b, 'POST', `/api/sessions/${shro.id}/react`, { emoji: '🔥' })).statusCode).toBe(200);
    const fromB = async () => (await notificationsOf(ctx, a.id)).filter((n) => n.actorId === b.id);
    expect(await fromB()).toEqual([]);
    // Mute is one-way: b still hears from a, and the notification names a for its menu.
    expect((await call(a, 'POST', '/api/friends/accept', { friendId: b.id })).statusCode).toBe(200);
    expect((await notificationsOf(ctx, b.id, 'friend_accepted')).length).toBe(1);
    const listed = (await call(b, 'GET', '/api/notifications')).json();
    expect(listed.find((n: { type: string }) => n.type === 'friend_accepted').actor).toEqual({
      id: a.id,
      username: a.username,
    });

    expect((await muteCall(a, b.id, 'DELETE')).json()).toEqual({ userId: b.id, blocked: false, muted: false });
    expect((await call(a, 'GET', '/api/mutes')).json()).toEqual({ userIds: [], shroIds: [] });
    expect((await call(b, 'POST', `/api/sessions/${shro.id}/react`, { emoji: '😂' })).statusCode).toBe(200);
    expect((await notificationsOf(ctx, a.id, 'reaction')).length).toBe(1);
  });

  it('a muted Shro causes no notifications about it; others still do', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const quiet = await publicShro(a, 'Quiet one');
    const loud = await publicShro(a, 'Loud one');
    const response = await muteShroCall(a, quiet.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ shroId: quiet.id, muted: true });
    expect((await muteShroCall(a, quiet.id)).json()).toEqual({ shroId: quiet.id, muted: true });
    expect((await call(a, 'GET', '/api/mutes')).json()).toEqual({ userIds: [], shroIds: [quiet.id] });

    await pickBox(ctx, b.cookie, quiet, 1);
    await pickBox(ctx, b.cookie, loud, 1);
    const about = (await notificationsOf(ctx, a.id)).filter((n) => n.actorId === b.id).map((n) => n.shroId);
    expect(about).toEqual([loud.id]);
    expect(await isMuted(ctx.database.db, a.id, { shroId: quiet.id, actorId: b.id })).toBe(true);

    expect((await muteShroCall(a, quiet.id, 'DELETE')).json()).toEqual({ shroId: quiet.id, muted: false });
    expect((await call(b, 'POST', `/api/sessions/${quiet.id}/react`, { emoji: '🔥' })).statusCode).toBe(200);
    expect((await notificationsOf(ctx, a.id, 'reaction')).map((n) => n.shroId)).toEqual([quiet.id]);
  });

  it('refuses bad mutes and changes nothing', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const c = await createUser(ctx);
    await befriend(ctx, b, c);
    const privateShro = await createShro(ctx, b.cookie, { title: 'Not for a', isShareable: false, recipients: [c.id] });
    const counts = async () => {
      const [u] = await ctx.database.db.select({ n: count() }).from(userMutes);
      const [s] = await ctx.database.db.select({ n: count() }).from(shroMutes);
      return [u!.n, s!.n];
    };
    const before = await counts();
    const cases: [Promise<Awaited<ReturnType<typeof call>>>, number, string][] = [
      [muteCall(a, a.id), 400, 'You cannot mute yourself'],
      [muteCall(a, a.id, 'DELETE'), 400, 'You cannot mute yourself'],
      [muteCall(a, randomUUID()), 404, 'User not found'],
      [muteCall(a, randomUUID(), 'DELETE'), 404, 'User not found'],
      [muteShroCall(a, randomUUID()), 404, SHRO_MESSAGES.notFound],
      [muteShroCall(a, privateShro.id), 404, SHRO_MESSAGES.notFound],
      [muteShroCall(a, privateShro.id, 'DELETE'), 404, SHRO_MESSAGES.notFound],
      [muteShroCall(a, 'not-a-shro'), 404, SHRO_MESSAGES.notFound],
      [call(a, 'POST', `/api/mutes/users/${b.id}`, { all: true }), 400, 'Unknown field "all".'],
    ];
    for (const [pending, status, message] of cases) {
      const response = await pending;
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual({ message, code: expect.any(String) });
    }
    expect(await counts()).toEqual(before);
  });

  it('lists the muted people and Shros, newest first, public fields only, and drops them on unmute', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx, { firstName: 'Bea' });
    const c = await createUser(ctx);
    const first = await publicShro(c, 'First muted');
    const second = await publicShro(b, 'Second muted');
    await muteCall(a, b.id);
    await muteCall(a, c.id);
    await muteShroCall(a, first.id);
    await muteShroCall(a, second.id);
    // Someone else's mutes never show in a's lists.
    await muteCall(b, c.id);

    const people = await call(a, 'GET', '/api/mutes/users');
    expect(people.statusCode).toBe(200);
    expect(people.json().map((u: { username: string }) => u.username)).toEqual([c.username, b.username]);
    expect(people.json()[1]).toEqual({
      id: b.id,
      username: b.username,
      firstName: 'Bea',
      lastName: null,
      profileImageUrl: null,
      mutedAt: expect.any(String),
    });
    expect(people.body).not.toContain('@example.com');
    const muted = await call(a, 'GET', '/api/mutes/sessions');
    expect(muted.json()).toEqual([
      { id: second.id, title: 'Second muted', mutedAt: expect.any(String) },
      { id: first.id, title: 'First muted', mutedAt: expect.any(String) },
    ]);

    // A block makes b's Shro vanish for a: it leaves the list, whose Unmute would answer 404.
    await blockCall(a, b.id);
    expect((await call(a, 'GET', '/api/mutes/sessions')).json().map((s: { id: string }) => s.id)).toEqual([first.id]);

    await muteCall(a, c.id, 'DELETE');
    await muteShroCall(a, first.id, 'DELETE');
    expect((await call(a, 'GET', '/api/mutes/users')).json().map((u: { id: string }) => u.id)).toEqual([b.id]);
    expect((await call(a, 'GET', '/api/mutes/sessions')).json()).toEqual([]);
    expect((await call(b, 'GET', '/api/mutes/users')).json().map((u: { id: string }) => u.id)).toEqual([c.id]);
  });

  it('blocking keeps a mute, and both show in the state', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    await muteCall(a, b.id);
    expect((await blockCall(a, b.id)).json()).toEqual({ userId: b.id, blocked: true, muted: true });
  });
});
