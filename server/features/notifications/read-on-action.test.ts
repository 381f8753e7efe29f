import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index';
import { befriend, createShro, createUser, type SignedInUser, select } from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';

// Acting on what a notification is about, wherever the user does it, marks that notification read.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
});
afterAll(() => ctx.close());

const friends = (who: SignedInUser, action: string, friendId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/friends/${action}`,
    payload: { friendId },
    headers: { cookie: who.cookie },
  });

const unreadCount = async (who: SignedInUser) =>
  (
    await ctx.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie: who.cookie } })
  ).json() as number;

const notificationsOf = (userId: string, type: string) =>
  ctx.database.db
    .select({ isRead: notifications.isRead, actorId: notifications.actorId, shroId: notifications.shroId })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

describe('a friend request notification', () => {
  it('turns read when the request is accepted from the Friends page, and only that one', async () => {
    const [me, ada, bob] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    expect((await friends(ada, 'request', me.id)).statusCode).toBe(201);
    expect((await friends(bob, 'request', me.id)).statusCode).toBe(201);
    expect(await unreadCount(me)).toBe(2);

    expect((await friends(me, 'accept', ada.id)).statusCode).toBe(200);

    const rows = await notificationsOf(me.id, 'friend_request');
    expect(rows.find((r) => r.actorId === ada.id)?.isRead).toBe(true);
    expect(rows.find((r) => r.actorId === bob.id)?.isRead).toBe(false);
    expect(await unreadCount(me)).toBe(1);
    // Ada's "accepted" notification is new for her: acting marks only the actor's own.
    expect((await notificationsOf(ada.id, 'friend_accepted'))[0]?.isRead).toBe(false);
  });

  it('turns read when the request is declined', async () => {
    const [me, ada] = [await createUser(ctx), await createUser(ctx)];
    await friends(ada, 'request', me.id);
    expect((await friends(me, 'decline', ada.id)).statusCode).toBe(200);
    expect(await notificationsOf(me.id, 'friend_request')).toEqual([{ isRead: true, actorId: ada.id, shroId: null }]);
  });

  it('turns read when the user sends a request back (which makes them friends)', async () => {
    const [me, ada] = [await createUser(ctx), await createUser(ctx)];
    await friends(ada, 'request', me.id);
    const back = await friends(me, 'request', ada.id);
    expect(back.json().friendshipStatus).toBe('friends');
    expect((await notificationsOf(me.id, 'friend_request'))[0]?.isRead).toBe(true);
  });
});

describe('a "sent you a Shro" notification', () => {
  it('turns read when the recipient opens a box of that Shro, not of another', async () => {
    const [creator, friend] = [await createUser(ctx), await createUser(ctx)];
    await befriend(ctx, creator, friend);
    const send = () =>
      createShro(ctx, creator.cookie, { isShareable: 'false', recipients: JSON.stringify([friend.id]) });
    const first = await send();
    const second = await send();
    expect(await unreadCount(friend)).toBe(2);

    const box = first.boxes[0]!;
    expect((await select(ctx, first.id, friend.cookie, box.id)).statusCode).toBe(200);

    const rows = await notificationsOf(friend.id, 'shro_received');
    expect(rows.find((r) => r.shroId === first.id)?.isRead).toBe(true);
    expect(rows.find((r) => r.shroId === second.id)?.isRead).toBe(false);
  });
});
