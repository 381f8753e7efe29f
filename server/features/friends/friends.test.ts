import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRIEND_MESSAGES } from '../../../contract/friends';
import { friendRequestDeclines, friendRequests, notifications } from '../../db/schema/index';
import { befriend, createUser, pairLinks, type SignedInUser } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    rateLimits: {
      loginFailuresPerUsername: 10,
      loginFailuresPerIp: 1000,
      loginWindowSeconds: 900,
      registrationsPerIp: 1000,
      registrationWindowSeconds: 3600,
      writesPerUser: 10_000,
      writeWindowSeconds: 60,
    },
  });
});
afterAll(() => ctx.close());

const get = (who: SignedInUser, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const post = (who: SignedInUser, action: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/friends/${action}`,
    payload: payload as Record<string, unknown>,
    headers: { cookie: who.cookie },
  });
const unfriend = (who: SignedInUser, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/friends/${encodeURIComponent(id)}`, headers: { cookie: who.cookie } });

const notificationsOf = (userId: string) =>
  ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('auth', () => {
  it.each([
    ['GET', '/api/friends'],
    ['GET', '/api/friends/requests'],
    ['GET', '/api/friends/sent'],
    ['GET', '/api/friends/search?q=abc'],
    ['GET', '/api/friends/status/x'],
    ['POST', '/api/friends/request'],
    ['POST', '/api/friends/accept'],
    ['POST', '/api/friends/decline'],
    ['DELETE', '/api/friends/x'],
  ] as const)('%s %s needs a signed-in user', async (method, url) => {
    const response = await ctx.app.inject({ method, url, payload: method === 'POST' ? { friendId: 'x' } : undefined });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized', code: expect.any(String) });
  });
});

describe('friend requests', () => {
  it('request → incoming/sent lists → accept → friends both ways, with notifications', async () => {
    const alice = await createUser(ctx);
    const bob = await createUser(ctx);

    const sent = await post(alice, 'request', { friendId: bob.id });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ friendshipStatus: 'pending', user: { id: bob.id } });

    const incoming = (await get(bob, '/api/friends/requests')).json();
    expect(incoming).toHaveLength(1);
    expect(incoming[0]).toMatchObject({
      id: expect.any(Number),
      createdAt: expect.any(String),
      user: { id: alice.id, username: alice.username },
    });
    const outgoing = (await get(alice, '/api/friends/sent')).json();
    expect(outgoing).toHaveLength(1);
    expect(outgoing[0].user.id).toBe(bob.id);
    expect((await get(alice, '/api/friends/requests')).json()).toEqual([]);

    const bobNotes = await notificationsOf(bob.id);
    expect(bobNotes).toHaveLength(1);
    expect(bobNotes[0]).toMatchObject({ type: 'friend_request', actorId: alice.id, isRead: false });
    expect(bobNotes[0]!.message).toContain(alice.username);

    expect((await get(alice, `/api/friends/status/${bob.id}`)).json()).toEqual({
      areFriends: false,
      sentRequest: true,
      receivedRequest: false,
    });
    expect((await get(bob, `/api/friends/status/${alice.id}`)).json()).toEqual({
      areFriends: false,
      sentRequest: false,
      receivedRequest: true,
    });

    const accepted = await post(bob, 'accept', { friendId: alice.id });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ friendshipStatus: 'friends', user: { id: alice.id } });

    expect((await get(alice, '/api/friends')).json().map((f: { id: string }) => f.id)).toEqual([bob.id]);
    expect((await get(bob, '/api/friends')).json().map((f: { id: string }) => f.id)).toEqual([alice.id]);
    expect((await get(bob, '/api/friends/requests')).json()).toEqual([]);
    expect((await get(alice, '/api/friends/sent')).json()).toEqual([]);
    expect(await pairLinks(ctx, alice.id, bob.id)).toEqual({ friendships: 1, requests: [] });

    const aliceNotes = await notificationsOf(alice.id);
    expect(aliceNotes).toHaveLength(1);
    expect(aliceNotes[0]).toMatchObject({ type: 'friend_accepted', actorId: bob.id });

    expect((await get(alice, `/api/friends/status/${bob.id}`)).json()).toEqual({
      areFriends: true,
      sentRequest: false,
      receivedRequest: false,
    });
  });

  it('lists friends with public fields only', async () => {
    const me = await createUser(ctx);
    const friend = await createUser(ctx, { signedIn: false });
    await befriend(ctx, me, friend);
    const list = (await get(me, '/api/friends')).json();
    expect(list).toEqual([
      {
        id: friend.id,
        username: friend.username,
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('requesting someone who already asked you makes you friends and removes both requests', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    expect((await post(a, 'request', { friendId: b.id })).statusCode).toBe(201);
    const back = await post(b, 'request', { friendId: a.id });
    expect(back.statusCode).toBe(201);
    expect(back.json().friendshipStatus).toBe('friends');
    expect(await pairLinks(ctx, a.id, b.id)).toEqual({ friendships: 1, requests: [] });
    const aNotes = await notificationsOf(a.id);
    expect(aNotes.map((n) => n.type)).toEqual(['friend_accepted']);
  });

  it('refuses a duplicate request with 409 and changes nothing', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    await post(a, 'request', { friendId: b.id });
    const again = await post(a, 'request', { friendId: b.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Friend request already sent', code: expect.any(String) });
    expect((await pairLinks(ctx, a.id, b.id)).requests).toHaveLength(1);
    expect(await notificationsOf(b.id)).toHaveLength(1);
  });

  it('refuses a request to a friend with 409', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx, { signedIn: false });
    await befriend(ctx, a, b);
    const response = await post(a, 'request', { friendId: b.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'You are already friends', code: expect.any(String) });
    expect(await pairLinks(ctx, a.id, b.id)).toEqual({ friendships: 1, requests: [] });
  });

  it('refuses a request to yourself with 400 and to an unknown user with 404', async () => {
    const a = await createUser(ctx);
    const self = await post(a, 'request', { friendId: a.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot send a friend request to yourself', code: expect.any(String) });
    const unknown = await post(a, 'request', { friendId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found', code: expect.any(String) });
  });

  it.each([
    [{}, 'friendId is required'],
    [{ friendId: '' }, 'friendId is required'],
    [{ friendId: '   ' }, 'friendId is required'],
    [{ friendId: 42 }, 'friendId is required'],
    [{ friendId: null }, 'friendId is required'],
    [{ friendId: 'x'.repeat(65) }, 'friendId is not a valid user id'],
  ])('rejects a bad body %# with 400 on every action', async (payload, message) => {
    const a = await createUser(ctx);
    for (const action of ['request', 'accept', 'decline']) {
      const response = await post(a, action, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: expect.any(String) });
    }
  });

  it('rejects a missing or non-JSON body with a 4xx, never a 500', async () => {
    const a = await createUser(ctx);
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/friends/request', headers: { cookie: a.cookie } });
    expect(empty.statusCode).toBe(400);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/friends/request',
      headers: { cookie: a.cookie, 'content-type': 'application/json' },
      payload: '{"friendId":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toEqual(expect.any(String));
  });

  it('accept and decline without a pending request are 404, also for the sender of the request', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    for (const action of ['accept', 'decline']) {
      const none = await post(a, action, { friendId: b.id });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ message: 'Friend request not found', code: expect.any(String) });
    }
    await post(a, 'request', { friendId: b.id });
    // Only the person asked may answer: the requester cannot accept their own request.
    const selfAccept = await post(a, 'accept', { friendId: b.id });
    expect(selfAccept.statusCode).toBe(404);
    expect(await pairLinks(ctx, a.id, b.id)).toMatchObject({ friendships: 0 });
    const unknown = await post(a, 'accept', { friendId: 'no-such-user' });
    expect(unknown.statusCode).toBe(404);
  });

  it('decline removes the request quietly; the requester may ask again only after 7 days (decision 111)', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    await post(a, 'request', { friendId: b.id });
    const declined = await post(b, 'decline', { friendId: a.id });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ friendshipStatus: 'none', user: { id: a.id } });
    expect(await pairLinks(ctx, a.id, b.id)).toEqual({ friendships: 0, requests: [] });
    expect(await notificationsOf(a.id)).toHaveLength(0);
    const again = await post(a, 'request', { friendId: b.id });
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { message: FRIEND_MESSAGES.coolingOff, code: expect.any(String) },
    ]);
    expect(await pairLinks(ctx, a.id, b.id)).toEqual({ friendships: 0, requests: [] });
    expect(await notificationsOf(b.id)).toHaveLength(1);
    await ctx.database.db
      .update(friendRequestDeclines)
      .set({ declinedAt: new Date(Date.now() - 7 * 24 * 60 * 60 * 1000 - 60_000) })
      .where(eq(friendRequestDeclines.fromUserId, a.id));
    expect((await post(a, 'request', { friendId: b.id })).statusCode).toBe(201);
  });

  it('parallel requests both ways end in exactly one friendship and no requests', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await createUser(ctx);
      const b = await createUser(ctx);
      const [ab, ba] = await Promise.all([
        post(a, 'request', { friendId: b.id }),
        post(b, 'request', { friendId: a.id }),
      ]);
      expect([ab.statusCode, ba.statusCode]).toEqual([201, 201]);
      expect([ab.json().friendshipStatus, ba.json().friendshipStatus].sort()).toEqual(['friends', 'pending']);
      expect(await pairLinks(ctx, a.id, b.id)).toEqual({ friendships: 1, requests: [] });
    }
  });

  it('parallel duplicate requests store one request and answer one 201 and one 409', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const responses = await Promise.all([
      post(a, 'request', { friendId: b.id }),
      post(a, 'request', { friendId: b.id }),
      post(a, 'request', { friendId: b.id }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await pairLinks(ctx, a.id, b.id)).requests).toHaveLength(1);
  });
});

describe('DELETE /api/friends/:id', () => {
  it('unfriends both ways; a second time is 404', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    await befriend(ctx, b, a);
    const removed = await unfriend(a, b.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ friendshipStatus: 'none', user: { id: b.id } });
    expect((await get(b, '/api/friends')).json()).toEqual([]);
    expect(await pairLinks(ctx, a.id, b.id)).toEqual({ friendships: 0, requests: [] });
    const again = await unfriend(a, b.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'You are not friends with this user', code: expect.any(String) });
  });

  it('is 404 for an unknown user and for yourself', async () => {
    const a = await createUser(ctx);
    expect((await unfriend(a, 'nobody-here')).statusCode).toBe(404);
    expect((await unfriend(a, a.id)).statusCode).toBe(404);
    expect((await unfriend(a, 'x'.repeat(80))).statusCode).toBe(400);
    // Longer than Fastify's path-parameter limit: still a clean 4xx, never a 500.
    expect((await unfriend(a, 'x'.repeat(200))).statusCode).toBe(414);
  });

  it("cannot end other people's friendships", async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx, { signedIn: false });
    const c = await createUser(ctx, { signedIn: false });
    await befriend(ctx, b, c);
    expect((await unfriend(a, b.id)).statusCode).toBe(404);
    expect(await pairLinks(ctx, b.id, c.id)).toMatchObject({ friendships: 1 });
  });
});

describe('GET /api/friends/search', () => {
  it('finds by case-insensitive substring, prefix matches first, never yourself, each with its state', async () => {
    const tag = `q${Math.random().toString(36).slice(2, 7)}`;
    const me = await createUser(ctx, { username: `${tag}_me` });
    const prefix = await createUser(ctx, { username: `${tag.toUpperCase()}_prefix`, signedIn: false });
    const inner = await createUser(ctx, { username: `zz_${tag}_inner`, signedIn: false });
    const friend = await createUser(ctx, { username: `${tag}_friend`, signedIn: false });
    const asked = await createUser(ctx, { username: `${tag}_asked`, signedIn: false });
    const asker = await createUser(ctx, { username: `${tag}_asker`, signedIn: false });
    await createUser(ctx, { username: 'unrelated_name', signedIn: false });
    await befriend(ctx, me, friend);
    await ctx.database.db.insert(friendRequests).values([
      { fromUserId: me.id, toUserId: asked.id },
      { fromUserId: asker.id, toUserId: me.id },
    ]);

    const response = await get(me, `/api/friends/search?q=${encodeURIComponent(`  ${tag.toUpperCase()} `)}`);
    expect(response.statusCode).toBe(200);
    const results: { id: string; friendshipStatus: string }[] = response.json();
    expect(results.map((r) => r.id)).not.toContain(me.id);
    expect(results.at(-1)!.id).toBe(inner.id);
    const status = Object.fromEntries(results.map((r) => [r.id, r.friendshipStatus]));
    expect(status).toEqual({
      [prefix.id]: 'none',
      [inner.id]: 'none',
      [friend.id]: 'friends',
      [asked.id]: 'pending',
      [asker.id]: 'received',
    });
    expect(results[0]).toEqual({
      id: expect.any(String),
      username: expect.any(String),
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      createdAt: expect.any(String),
      friendshipStatus: expect.any(String),
    });
  });

  it('returns at most 20 results', async () => {
    const tag = `m${Math.random().toString(36).slice(2, 7)}`;
    const me = await createUser(ctx);
    for (let i = 0; i < 25; i++) await createUser(ctx, { username: `${tag}_${i}`, signedIn: false });
    expect((await get(me, `/api/friends/search?q=${tag}`)).json()).toHaveLength(20);
  });

  it('ignores a leading "@" in the term', async () => {
    const me = await createUser(ctx);
    const target = await createUser(ctx, { username: `at_${randomUUID().slice(0, 6)}`, signedIn: false });
    const found = (await get(me, `/api/friends/search?q=${encodeURIComponent(`@${target.username}`)}`)).json();
    expect(found.map((u: { id: string }) => u.id)).toEqual([target.id]);
    const bare = await get(me, '/api/friends/search?q=%40');
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual([]);
  });

  it('treats LIKE wildcards literally', async () => {
    const me = await createUser(ctx);
    await createUser(ctx, { username: 'wild_card_user', signedIn: false });
    const percent = await get(me, '/api/friends/search?q=%25');
    expect(percent.statusCode).toBe(200);
    expect(percent.json()).toEqual([]);
    const underscore = (await get(me, '/api/friends/search?q=d_c')).json();
    expect(underscore.map((u: { username: string }) => u.username)).toContain('wild_card_user');
    expect((await get(me, '/api/friends/search?q=dxc')).json()).toEqual([]);
  });

  it.each([
    ['', 'Search term is required'],
    ['?q=', 'Search term is required'],
    ['?q=%20%20%20', 'Search term is required'],
    [`?q=${'a'.repeat(31)}`, 'Search term must be at most 30 characters'],
    ['?q=a&q=b', 'Search term is required'],
  ])('rejects a bad term %s with 400', async (query, message) => {
    const me = await createUser(ctx);
    const response = await get(me, `/api/friends/search${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: expect.any(String) });
  });
});

describe('GET /api/friends/status/:id', () => {
  it('is 404 for an unknown user and all false for yourself', async () => {
    const me = await createUser(ctx);
    const unknown = await get(me, '/api/friends/status/nobody');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found', code: expect.any(String) });
    expect((await get(me, `/api/friends/status/${me.id}`)).json()).toEqual({
      areFriends: false,
      sentRequest: false,
      receivedRequest: false,
    });
  });
});

describe('privacy', () => {
  it('never puts an email in any friends response', async () => {
    const a = await createUser(ctx, { username: 'privacy_alpha' });
    const b = await createUser(ctx, { username: 'privacy_beta' });
    const c = await createUser(ctx, { username: 'privacy_gamma' });
    const bodies: string[] = [];
    bodies.push((await post(a, 'request', { friendId: b.id })).body);
    bodies.push((await post(c, 'request', { friendId: a.id })).body);
    bodies.push((await get(b, '/api/friends/requests')).body);
    bodies.push((await get(a, '/api/friends/sent')).body);
    bodies.push((await get(a, '/api/friends/requests')).body);
    bodies.push((await post(b, 'accept', { friendId: a.id })).body);
    bodies.push((await post(a, 'decline', { friendId: c.id })).body);
    bodies.push((await get(a, '/api/friends')).body);
    bodies.push((await get(a, '/api/friends/search?q=privacy')).body);
    bodies.push((await get(a, `/api/friends/status/${b.id}`)).body);
    bodies.push((await unfriend(a, b.id)).body);
    for (const body of bodies) {
      expect(body).not.toMatch(/email|@example\.com/i);
    }
  });
});
