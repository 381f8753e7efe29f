import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, users } from '../../db/schema/index';
import { befriend, createUser, insertShro, type SignedInUser } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const get = (who: SignedInUser, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const send = (who: SignedInUser, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/chat/send',
    payload: payload as Record<string, unknown>,
    headers: { cookie: who.cookie },
  });

async function friends() {
  const a = await createUser(ctx);
  const b = await createUser(ctx);
  await befriend(ctx, a, b);
  return { a, b };
}

const messageCount = async () => (await ctx.database.db.select().from(messages)).length;

describe('auth', () => {
  it.each([
    ['GET', '/api/chat/conversations'],
    ['GET', '/api/chat/unread-count'],
    ['GET', '/api/chat/someone'],
    ['POST', '/api/chat/send'],
    ['POST', '/api/chat/someone/read'],
    ['DELETE', '/api/chat/someone'],
    ['GET', '/api/users/online-status?userIds=a'],
  ] as const)('%s %s needs a signed-in user', async (method, url) => {
    const response = await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/chat/send', () => {
  it('sends a trimmed plain message to a friend', async () => {
    const { a, b } = await friends();
    const response = await send(a, { recipientId: b.id, content: '  hello there \n' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      senderId: a.id,
      recipientId: b.id,
      content: 'hello there',
      messageType: 'plain',
      shroSessionId: null,
      createdAt: expect.any(String),
      deliveredAt: null,
      readAt: null,
    });
  });

  it('accepts exactly 2000 characters and refuses 2001 and 10,000 with 400', async () => {
    const { a, b } = await friends();
    expect((await send(a, { recipientId: b.id, content: 'x'.repeat(2000) })).statusCode).toBe(201);
    const before = await messageCount();
    for (const length of [2001, 10_000]) {
      const response = await send(a, { recipientId: b.id, content: 'x'.repeat(length) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Message must be at most 2000 characters', code: expect.any(String) });
    }
    expect(await messageCount()).toBe(before);
  });

  it.each([
    [{ content: '' }, 'Message cannot be empty'],
    [{ content: '   \n\t ' }, 'Message cannot be empty'],
    [{ content: undefined }, 'Message cannot be empty'],
    [{ content: 42 }, 'Message cannot be empty'],
    [{ recipientId: undefined }, 'recipientId is required'],
    [{ recipientId: '' }, 'recipientId is required'],
    [{ messageType: 'html' }, 'messageType must be "plain" or "shro_share"'],
    [{ messageType: 'shro_share' }, 'shroSessionId is required to share a Shro'],
    [{ messageType: 'shro_share', shroSessionId: 17 }, 'shroSessionId must be text'],
  ])('rejects bad input %# with 400 and stores nothing', async (patch, message) => {
    const { a, b } = await friends();
    const before = await messageCount();
    const response = await send(a, { recipientId: b.id, content: 'hi', ...patch });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: expect.any(String) });
    expect(await messageCount()).toBe(before);
  });

  it('refuses a non-friend with 403, an unknown user with 404 and yourself with 400', async () => {
    const a = await createUser(ctx);
    const stranger = await createUser(ctx, { signedIn: false });
    const notFriend = await send(a, { recipientId: stranger.id, content: 'hi' });
    expect(notFriend.statusCode).toBe(403);
    expect(notFriend.json()).toEqual({ message: 'You can only send messages to friends', code: expect.any(String) });

    const unknown = await send(a, { recipientId: randomUUID(), content: 'hi' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found', code: expect.any(String) });

    const self = await send(a, { recipientId: a.id, content: 'hi' });
    expect(self.statusCode).toBe(400);
  });

  it('refuses a pending (not yet accepted) request as friendship', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/friends/request',
      payload: { friendId: b.id },
      headers: { cookie: a.cookie },
    });
    expect((await send(a, { recipientId: b.id, content: 'hi' })).statusCode).toBe(403);
  });

  it('shares a Shro the sender created, or a public or shareable one', async () => {
    const { a, b } = await friends();
    const other = await createUser(ctx, { signedIn: false });
    const own = await insertShro(ctx, a.id);
    const publicOne = await insertShro(ctx, other.id, { isPublic: true });
    const linkOne = await insertShro(ctx, other.id, { isShareable: true });
    for (const shro of [own, publicOne, linkOne]) {
      const response = await send(a, {
        recipientId: b.id,
        content: 'Pick a box!',
        messageType: 'shro_share',
        shroSessionId: shro.id,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ messageType: 'shro_share', shroSessionId: shro.id });
    }
  });

  it("refuses to share someone else's private Shro or an unknown one, with 400", async () => {
    const { a, b } = await friends();
    const other = await createUser(ctx, { signedIn: false });
    const privateOne = await insertShro(ctx, other.id);
    for (const shroSessionId of [privateOne.id, randomUUID()]) {
      const response = await send(a, {
        recipientId: b.id,
        content: 'look',
        messageType: 'shro_share',
        shroSessionId,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'You can only share a Shro you created or one that is public or shareable',
        code: expect.any(String),
      });
    }
  });

  it('ignores a Shro id on a plain message', async () => {
    const { a, b } = await friends();
    const own = await insertShro(ctx, a.id);
    const response = await send(a, { recipientId: b.id, content: 'hi', shroSessionId: own.id });
    expect(response.json()).toMatchObject({ messageType: 'plain', shroSessionId: null });
  });
});

describe('reading messages', () => {
  it('GET /api/chat/:userId returns only the pair, oldest first, and changes nothing', async () => {
    const { a, b } = await friends();
    const c = await createUser(ctx);
    await befriend(ctx, a, c);
    await befriend(ctx, b, c);

    await send(a, { recipientId: b.id, content: 'a→b 1' });
    await send(b, { recipientId: a.id, content: 'b→a 1' });
    await send(a, { recipientId: c.id, content: 'a→c secret' });
    await send(c, { recipientId: b.id, content: 'c→b secret' });
    await send(a, { recipientId: b.id, content: 'a→b 2' });

    const before = await ctx.database.db.select().from(messages);
    const response = await get(b, `/api/chat/${a.id}`);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((m: { content: string }) => m.content)).toEqual(['a→b 1', 'b→a 1', 'a→b 2']);
    for (const m of list) {
      expect([m.senderId, m.recipientId].sort()).toEqual([a.id, b.id].sort());
    }
    // Reading is a GET: not one message row changed (no read, no delivered), b still has 3 unread.
    expect(await ctx.database.db.select().from(messages)).toEqual(before);
    for (const m of list) expect(m).toMatchObject({ deliveredAt: null, readAt: null });
    expect((await get(b, '/api/chat/unread-count')).json()).toBe(3);

    // a, reading someone else's pair (b with c), sees only a's own messages with b: none with c.
    const aWithC = (await get(a, `/api/chat/${c.id}`)).json();
    expect(aWithC.map((m: { content: string }) => m.content)).toEqual(['a→c secret']);
    expect(JSON.stringify(aWithC)).not.toContain('c→b secret');

    // a outsider reading a conversation with b sees nothing of a↔b.
    const outsider = await createUser(ctx);
    expect((await get(outsider, `/api/chat/${b.id}`)).json()).toEqual([]);
    expect((await get(outsider, `/api/chat/${a.id}`)).json()).toEqual([]);
  });

  it('returns the last 200 messages, oldest first', async () => {
    const { a, b } = await friends();
    const base = Date.now() - 1_000_000;
    await ctx.database.db.insert(messages).values(
      Array.from({ length: 205 }, (_, i) => ({
        senderId: i % 2 ? a.id : b.id,
        recipientId: i % 2 ? b.id : a.id,
        content: `m${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const list = (await get(a, `/api/chat/${b.id}`)).json();
    expect(list).toHaveLength(200);
    expect(list[0].content).toBe('m5');
    expect(list[199].content).toBe('m204');
  });

  it('is 404 for an unknown user', async () => {
    const a = await createUser(ctx);
    const response = await get(a, `/api/chat/${randomUUID()}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'User not found', code: expect.any(String) });
  });
});

describe('POST /api/chat/:userId/read', () => {
  const markRead = (who: SignedInUser, otherId: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/api/chat/${otherId}/read`, headers: { cookie: who.cookie, ...headers } });
  const unread = async (who: SignedInUser) => (await get(who, '/api/chat/unread-count')).json();

  it("marks that friend's messages to me read (and delivered), only theirs and only mine", async () => {
    const { a, b } = await friends();
    const c = await createUser(ctx);
    await befriend(ctx, b, c);
    await send(a, { recipientId: b.id, content: 'a→b 1' });
    await send(a, { recipientId: b.id, content: 'a→b 2' });
    await send(b, { recipientId: a.id, content: 'b→a' });
    await send(c, { recipientId: b.id, content: 'c→b' });
    expect(await unread(b)).toBe(3);

    const response = await markRead(b, a.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 2 });
    expect(await unread(b)).toBe(1);
    const list = (await get(b, `/api/chat/${a.id}`)).json();
    for (const m of list.filter((m: { senderId: string }) => m.senderId === a.id)) {
      expect(m.readAt).toEqual(expect.any(String));
      expect(m.deliveredAt).toEqual(expect.any(String));
    }
    // b's own message to a stays unread for a; c's message to b stays unread too.
    expect(list.find((m: { senderId: string }) => m.senderId === b.id)).toMatchObject({ readAt: null });
    expect(await unread(a)).toBe(1);

    // Again: nothing left to mark.
    expect((await markRead(b, a.id)).json()).toEqual({ updated: 0 });
    // A third party marking "a" read touches none of b's messages.
    const outsider = await createUser(ctx);
    expect((await markRead(outsider, c.id)).json()).toEqual({ updated: 0 });
    expect(await unread(b)).toBe(1);
  });

  it('is 404 for an unknown user and 400 for yourself, changing nothing', async () => {
    const { a, b } = await friends();
    await send(a, { recipientId: b.id, content: 'hello' });
    const unknown = await markRead(b, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found', code: expect.any(String) });
    const self = await markRead(b, b.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You have no conversation with yourself', code: expect.any(String) });
    expect(await unread(b)).toBe(1);
  });

  it('refuses a cross-site POST with 403 and leaves the messages unread', async () => {
    const { a, b } = await friends();
    await send(a, { recipientId: b.id, content: 'hello' });
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const response = await markRead(b, a.id, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site requests are not allowed', code: expect.any(String) });
    }
    // A cross-site navigation is a GET: it reads, and marks nothing.
    const navigation = await get(b, `/api/chat/${a.id}`);
    expect(navigation.statusCode).toBe(200);
    expect(await unread(b)).toBe(1);
  });
});

describe('DELETE /api/chat/:userId', () => {
  const remove = (who: SignedInUser, otherId: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/chat/${otherId}`, headers: { cookie: who.cookie, ...headers } });
  const contents = async (who: SignedInUser, otherId: string) =>
    (await get(who, `/api/chat/${otherId}`)).json().map((m: { content: string }) => m.content);
  const partners = async (who: SignedInUser) =>
    (await get(who, '/api/chat/conversations')).json().map((c: { user: { id: string } }) => c.user.id);
  const unread = async (who: SignedInUser) => (await get(who, '/api/chat/unread-count')).json();

  it('hides the conversation from the deleting side only, until a newer message arrives', async () => {
    const { a, b } = await friends();
    const c = await createUser(ctx);
    await befriend(ctx, b, c);
    await send(a, { recipientId: b.id, content: 'a→b 1' });
    await send(b, { recipientId: a.id, content: 'b→a' });
    await send(a, { recipientId: b.id, content: 'a→b 2' });
    await send(c, { recipientId: b.id, content: 'c→b' });
    expect(await unread(b)).toBe(3);
    const rowsBefore = await messageCount();

    const response = await remove(b, a.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    // Gone for b: the list, the messages and their unread count; c's conversation stays.
    expect(await partners(b)).toEqual([c.id]);
    expect(await contents(b, a.id)).toEqual([]);
    expect(await unread(b)).toBe(1);
    // a keeps everything, and nothing turned read: no row was deleted or changed for a.
    expect(await partners(a)).toEqual([b.id]);
    expect(await contents(a, b.id)).toEqual(['a→b 1', 'b→a', 'a→b 2']);
    expect(await unread(a)).toBe(1);
    expect(await messageCount()).toBe(rowsBefore);

    // A new message brings the conversation back for b, with only what came after the delete.
    await send(a, { recipientId: b.id, content: 'still there?' });
    expect(await partners(b)).toEqual([a.id, c.id]);
    expect(await contents(b, a.id)).toEqual(['still there?']);
    expect(await unread(b)).toBe(2);
    const [conversation] = (await get(b, '/api/chat/conversations')).json();
    expect(conversation).toMatchObject({ unreadCount: 1, lastMessage: { content: 'still there?' } });

    // Deleting again hides that one too; deleting an empty conversation is fine.
    expect((await remove(b, a.id)).statusCode).toBe(200);
    expect(await contents(b, a.id)).toEqual([]);
    expect((await remove(c, a.id)).json()).toEqual({ success: true });
  });

  it('is 404 for an unknown user, 400 for yourself, 403 cross-site, and takes no body', async () => {
    const { a, b } = await friends();
    await send(a, { recipientId: b.id, content: 'hello' });
    const unknown = await remove(b, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found', code: expect.any(String) });
    const self = await remove(b, b.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You have no conversation with yourself', code: expect.any(String) });
    const crossSite = await remove(b, a.id, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    const withBody = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/chat/${a.id}`,
      headers: { cookie: b.cookie },
      payload: { everything: true },
    });
    expect(withBody.statusCode).toBe(400);
    expect(await contents(b, a.id)).toEqual(['hello']);
  });
});

describe('conversations and unread count', () => {
  it('lists conversations newest first with last message and unread count, and marks incoming delivered', async () => {
    const me = await createUser(ctx);
    const x = await createUser(ctx);
    const y = await createUser(ctx);
    await befriend(ctx, me, x);
    await befriend(ctx, me, y);
    const t = Date.now() - 100_000;
    const { db } = ctx.database;
    await db.insert(messages).values([
      { senderId: x.id, recipientId: me.id, content: 'x1', createdAt: new Date(t) },
      { senderId: x.id, recipientId: me.id, content: 'x2', createdAt: new Date(t + 1000) },
      { senderId: me.id, recipientId: y.id, content: 'to y', createdAt: new Date(t + 2000) },
      { senderId: y.id, recipientId: me.id, content: 'y reply', createdAt: new Date(t + 3000) },
      { senderId: x.id, recipientId: y.id, content: 'not mine', createdAt: new Date(t + 4000) },
    ]);

    expect((await get(me, '/api/chat/unread-count')).json()).toBe(3);

    const response = await get(me, '/api/chat/conversations');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      user: {
        id: y.id,
        username: y.username,
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        createdAt: expect.any(String),
      },
      lastMessage: {
        id: expect.any(Number),
        createdAt: new Date(t + 3000).toISOString(),
        messageType: 'plain',
        content: 'y reply',
        senderId: y.id,
      },
      unreadCount: 1,
    });
    expect(list[1]).toMatchObject({ user: { id: x.id }, lastMessage: { content: 'x2' }, unreadCount: 2 });

    // Fetching the list delivered everything sent to me (ticks: delivered, not read).
    const mine = await db.select().from(messages).where(eq(messages.recipientId, me.id));
    for (const m of mine) {
      expect(m.deliveredAt).toBeInstanceOf(Date);
      expect(m.readAt).toBeNull();
    }
    const notMine = await db.select().from(messages).where(eq(messages.content, 'not mine'));
    expect(notMine[0]!.deliveredAt).toBeNull();

    // Opening x's chat reads nothing by itself; marking it read reads x's messages only.
    await get(me, `/api/chat/${x.id}`);
    expect((await get(me, '/api/chat/unread-count')).json()).toBe(3);
    await ctx.app.inject({ method: 'POST', url: `/api/chat/${x.id}/read`, headers: { cookie: me.cookie } });
    expect((await get(me, '/api/chat/unread-count')).json()).toBe(1);
    const after = (await get(me, '/api/chat/conversations')).json();
    expect(after.map((c: { unreadCount: number }) => c.unreadCount)).toEqual([1, 0]);
  });

  it('unread-count is a bare JSON number and marks incoming messages delivered', async () => {
    const { a, b } = await friends();
    const zero = await get(b, '/api/chat/unread-count');
    expect(zero.headers['content-type']).toMatch(/application\/json/);
    expect(zero.body).toBe('0');
    const sent = (await send(a, { recipientId: b.id, content: 'ping' })).json();
    const count = await get(b, '/api/chat/unread-count');
    expect(count.body).toBe('1');
    const [row] = await ctx.database.db.select().from(messages).where(eq(messages.id, sent.id));
    expect(row!.deliveredAt).toBeInstanceOf(Date);
    expect(row!.readAt).toBeNull();
    // The sender sees the tick move to delivered.
    const seenBySender = (await get(a, `/api/chat/${b.id}`)).json();
    expect(seenBySender[0]).toMatchObject({ deliveredAt: expect.any(String), readAt: null });
  });

  it('an empty inbox has no conversations', async () => {
    const me = await createUser(ctx);
    expect((await get(me, '/api/chat/conversations')).json()).toEqual([]);
  });
});

describe('GET /api/users/online-status', () => {
  it('reports friends seen within 60 s as online; strangers and unknown ids as offline', async () => {
    const me = await createUser(ctx);
    const recent = await createUser(ctx, { signedIn: false });
    const stale = await createUser(ctx, { signedIn: false });
    const stranger = await createUser(ctx, { signedIn: false });
    const { db } = ctx.database;
    for (const friend of [recent, stale]) await befriend(ctx, me, friend);
    await db
      .update(users)
      .set({ lastSeenAt: new Date(Date.now() - 10_000) })
      .where(eq(users.id, recent.id));
    await db
      .update(users)
      .set({ lastSeenAt: new Date(Date.now() - 61_000) })
      .where(eq(users.id, stale.id));
    await db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, stranger.id));

    const ids = [recent.id, stale.id, stranger.id, 'ghost'].join(',');
    const response = await get(me, `/api/users/online-status?userIds=${ids}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ [recent.id]: true, [stale.id]: false, [stranger.id]: false, ghost: false });
  });

  it('polling the chat marks you online, at most one write per 30 s', async () => {
    const { a, b } = await friends();
    expect((await get(a, `/api/users/online-status?userIds=${b.id}`)).json()).toEqual({ [b.id]: false });
    await get(b, '/api/chat/unread-count');
    expect((await get(a, `/api/users/online-status?userIds=${b.id}`)).json()).toEqual({ [b.id]: true });
    const [first] = await ctx.database.db.select().from(users).where(eq(users.id, b.id));
    await get(b, '/api/chat/conversations');
    const [second] = await ctx.database.db.select().from(users).where(eq(users.id, b.id));
    expect(second!.lastSeenAt!.getTime()).toBe(first!.lastSeenAt!.getTime());
  });

  it('accepts an empty list, trims and dedupes, and refuses more than 100 ids', async () => {
    const me = await createUser(ctx);
    expect((await get(me, '/api/users/online-status')).json()).toEqual({});
    expect((await get(me, '/api/users/online-status?userIds=')).json()).toEqual({});
    expect((await get(me, '/api/users/online-status?userIds=%20a%20,a,,b')).json()).toEqual({ a: false, b: false });
    const many = Array.from({ length: 101 }, (_, i) => `id${i}`).join(',');
    const response = await get(me, `/api/users/online-status?userIds=${many}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'At most 100 user ids at a time', code: expect.any(String) });
    const repeated = await get(me, '/api/users/online-status?userIds=a&userIds=b');
    expect(repeated.statusCode).toBe(400);
  });
});

describe('privacy', () => {
  it('never puts an email in any chat response', async () => {
    const { a, b } = await friends();
    const bodies = [
      (await send(a, { recipientId: b.id, content: 'hello' })).body,
      (await get(b, '/api/chat/conversations')).body,
      (await get(b, `/api/chat/${a.id}`)).body,
      (await get(a, '/api/chat/conversations')).body,
      (await get(a, `/api/users/online-status?userIds=${b.id}`)).body,
    ];
    for (const body of bodies) expect(body).not.toMatch(/email|@example\.com/i);
  });
});

describe('streaks', () => {
  it('counts sending a message as a day of activity for the sender only', async () => {
    const { a, b } = await friends();
    const before = (await get(a, '/api/stats')).json();
    expect(before.streakDays).toBe(0);
    expect((await send(a, { recipientId: b.id, content: 'streak!' })).statusCode).toBe(201);
    expect((await get(a, '/api/stats')).json().streakDays).toBe(1);
    expect((await get(b, '/api/stats')).json().streakDays).toBe(0);
  });

  it('keeps the streak untouched when the message is refused', async () => {
    const a = await createUser(ctx);
    const stranger = await createUser(ctx);
    expect((await send(a, { recipientId: stranger.id, content: 'hi' })).statusCode).toBe(403);
    expect((await get(a, '/api/stats')).json().streakDays).toBe(0);
  });
});
