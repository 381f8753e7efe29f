import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, shroRecipients, users } from '../../db/schema/index';
import { wording } from '../../i18n/catalogs';
import { createUser, insertShro, type SignedInUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { insertNotifications, type NewNotification } from './queries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const call = (who: SignedInUser | null, method: 'GET' | 'PATCH', url: string) =>
  ctx.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {} });

type Note = Omit<NewNotification, 'title' | 'message'> & { title: string; message: string };
const note = (userId: string, extra: Partial<Note> = {}): Note => ({
  userId,
  type: 'friend_request',
  title: 'New friend request',
  message: 'Someone sent you a friend request',
  ...extra,
});
/** Notes as the central insert takes them: worded on the way in. */
const drafts = (notes: Note[]): NewNotification[] =>
  notes.map((n) => ({ ...n, title: wording(n.title), message: wording(n.message) }));

const isRead = async (id: number) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.id, id)))[0]!.isRead;

describe('auth', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications/unread-count'],
    ['PATCH', '/api/notifications/1/read'],
    ['PATCH', '/api/notifications/read-all'],
  ] as const)('%s %s needs a signed-in user', async (method, url) => {
    const response = await call(null, method, url);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized', code: expect.any(String) });
  });
});

describe('GET /api/notifications', () => {
  it('lists only your own, newest first, with the Shro state or null', async () => {
    const me = await createUser(ctx);
    const other = await createUser(ctx, { signedIn: false });
    // My own private Shro, picked: its creator sees the first pick.
    const shro = await insertShro(ctx, me.id, { status: 'selected', selectedBoxId: 7, selectedAt: new Date() });
    const t0 = Date.now() - 60_000;
    const { db } = ctx.database;
    await db.insert(notifications).values([
      { ...note(me.id), createdAt: new Date(t0) },
      {
        ...note(me.id, { type: 'shro_selected', title: 'Box opened', message: 'x opened', shroId: shro.id }),
        createdAt: new Date(t0 + 1000),
      },
      { ...note(other.id, { title: 'Not yours' }), createdAt: new Date(t0 + 2000) },
    ]);

    const response = await call(me, 'GET', '/api/notifications');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      title: 'Box opened',
      message: 'x opened',
      isRead: false,
      createdAt: new Date(t0 + 1000).toISOString(),
      type: 'shro_selected',
      sessionId: shro.id,
      session: { status: 'selected', selectedBoxId: 7 },
      actor: null,
    });
    expect(list[1]).toMatchObject({ type: 'friend_request', sessionId: null, session: null });
    expect(JSON.stringify(list)).not.toContain('Not yours');
  });

  it('names who caused one as its actor, and no actor once that account is deleted', async () => {
    const me = await createUser(ctx);
    const other = await createUser(ctx);
    await insertNotifications(
      ctx.database.db,
      drafts([note(me.id, { type: 'friend_accepted', title: 'Friend request accepted', actorId: other.id })]),
    );
    const [before] = (await call(me, 'GET', '/api/notifications')).json();
    expect(before.actor).toEqual({ id: other.id, username: other.username });

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: other.cookie },
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The notification stays; nothing in it offers to block or mute the tombstone.
    const [after] = (await call(me, 'GET', '/api/notifications')).json();
    expect(after).toMatchObject({ id: before.id, type: 'friend_accepted', actor: null });
  });

  it("never shows a Shro's state to someone who may not open it, nor another recipient's pick", async () => {
    const me = await createUser(ctx);
    const creator = await createUser(ctx, { signedIn: false });
    // A private Shro I am not a recipient of (a stray notification): it does not exist for me.
    const foreign = await insertShro(ctx, creator.id, { status: 'selected', selectedBoxId: 7, selectedAt: new Date() });
    // A private Shro sent to me, where another recipient opened box 7 and I have not picked.
    const mine = await insertShro(ctx, creator.id, { status: 'selected', selectedBoxId: 7, selectedAt: new Date() });
    await ctx.database.db.insert(shroRecipients).values({ shroId: mine.id, userId: me.id });
    await insertNotifications(
      ctx.database.db,
      drafts([
        note(me.id, { type: 'shro_received', shroId: foreign.id }),
        note(me.id, { type: 'shro_received', shroId: mine.id }),
      ]),
    );
    const list = (await call(me, 'GET', '/api/notifications')).json();
    const byShro = Object.fromEntries(
      list.map((n: { sessionId: string; session: unknown }) => [n.sessionId, n.session]),
    );
    expect(byShro[foreign.id]).toBeNull();
    expect(byShro[mine.id]).toEqual({ status: 'waiting', selectedBoxId: null });
  });

  it('shows an expired link Shro as expired', async () => {
    const me = await createUser(ctx);
    const shro = await insertShro(ctx, me.id, { isShareable: true, expiresAt: new Date(Date.now() - 1000) });
    await insertNotifications(ctx.database.db, drafts([note(me.id, { type: 'reaction', shroId: shro.id })]));
    const [item] = (await call(me, 'GET', '/api/notifications')).json();
    expect(item.session).toEqual({ status: 'expired', selectedBoxId: null });
  });

  it('returns at most 100', async () => {
    const me = await createUser(ctx);
    await insertNotifications(
      ctx.database.db,
      drafts(Array.from({ length: 105 }, (_, i) => note(me.id, { title: `n${i}` }))),
    );
    expect((await call(me, 'GET', '/api/notifications')).json()).toHaveLength(100);
  });

  it('keeps the user marked as seen (lastSeenAt) for the online dot', async () => {
    const me = await createUser(ctx);
    await call(me, 'GET', '/api/notifications');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.lastSeenAt).toBeInstanceOf(Date);
    expect(Date.now() - row!.lastSeenAt!.getTime()).toBeLessThan(10_000);
  });
});

describe('unread count and marking read', () => {
  it('counts unread, marks one read (only your own) and all read', async () => {
    const me = await createUser(ctx);
    const other = await createUser(ctx);
    const [a, b, c] = await insertNotifications(
      ctx.database.db,
      drafts([note(me.id), note(me.id), note(me.id, { title: 'already read' })]),
    );
    await ctx.database.db.update(notifications).set({ isRead: true }).where(eq(notifications.id, c!.id));
    const [theirs] = await insertNotifications(ctx.database.db, drafts([note(other.id)]));

    const count = await call(me, 'GET', '/api/notifications/unread-count');
    expect(count.statusCode).toBe(200);
    expect(count.headers['content-type']).toMatch(/application\/json/);
    expect(count.json()).toBe(2);

    const one = await call(me, 'PATCH', `/api/notifications/${a!.id}/read`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: a!.id, isRead: true });
    expect(await isRead(a!.id)).toBe(true);
    expect((await call(me, 'GET', '/api/notifications/unread-count')).json()).toBe(1);

    // Marking an already read notification read again is fine.
    expect((await call(me, 'PATCH', `/api/notifications/${a!.id}/read`)).statusCode).toBe(200);

    // Someone else's notification: 404, as if it did not exist, and it stays unread.
    const foreign = await call(me, 'PATCH', `/api/notifications/${theirs!.id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Notification not found', code: expect.any(String) });
    expect(await isRead(theirs!.id)).toBe(false);

    const all = await call(me, 'PATCH', '/api/notifications/read-all');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ updated: 1 });
    expect(await isRead(b!.id)).toBe(true);
    expect((await call(me, 'GET', '/api/notifications/unread-count')).json()).toBe(0);
    expect((await call(me, 'PATCH', '/api/notifications/read-all')).json()).toEqual({ updated: 0 });

    // read-all never touches anyone else's.
    expect(await isRead(theirs!.id)).toBe(false);
    expect((await call(other, 'GET', '/api/notifications/unread-count')).json()).toBe(1);
  });

  it('answers 404 for a notification that does not exist', async () => {
    const me = await createUser(ctx);
    const response = await call(me, 'PATCH', '/api/notifications/2147483647/read');
    expect(response.statusCode).toBe(404);
  });

  it.each(['abc', '0', '-1', '1.5', '2147483648', '99999999999', '1e3'])(
    'rejects the id %s with 400, never a 500',
    async (id) => {
      const me = await createUser(ctx);
      const response = await call(me, 'PATCH', `/api/notifications/${id}/read`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid notification id', code: expect.any(String) });
    },
  );
});
