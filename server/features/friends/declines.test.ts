import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRIEND_MESSAGES } from '../../../contract/friends';
import { friendRequestDeclines, friendRequests, notifications } from '../../db/schema/index';
import { createUser, type SignedInUser } from '../../test/factories';
import { createTestApp, type TestContext, withoutRateLimits } from '../../test/test-app';

/** A declined friend request cannot be sent again for 7 days (docs/decisions/111-cooling-off-periods.md). */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(withoutRateLimits);
});
afterAll(() => ctx.close());

const post = (who: SignedInUser, action: string, friendId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/friends/${action}`,
    headers: { cookie: who.cookie },
    payload: { friendId },
  });
const requestsFrom = (from: string, to: string) =>
  ctx.database.db
    .select()
    .from(friendRequests)
    .where(and(eq(friendRequests.fromUserId, from), eq(friendRequests.toUserId, to)));
const requestNotificationsOf = (userId: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'friend_request')));

async function declinedPair() {
  const sender = await createUser(ctx);
  const decliner = await createUser(ctx);
  expect((await post(sender, 'request', decliner.id)).statusCode).toBe(201);
  expect((await post(decliner, 'decline', sender.id)).statusCode).toBe(200);
  return { sender, decliner };
}

describe('declined friend requests', () => {
  it('a re-send within 7 days is a 409 that does not say "declined", and adds no request or notification', async () => {
    const { sender, decliner } = await declinedPair();
    const [row] = await ctx.database.db
      .select()
      .from(friendRequestDeclines)
      .where(eq(friendRequestDeclines.fromUserId, sender.id));
    expect(row).toMatchObject({ toUserId: decliner.id });
    expect(Date.now() - row!.declinedAt.getTime()).toBeLessThan(60_000);
    for (let i = 0; i < 2; i++) {
      const again = await post(sender, 'request', decliner.id);
      expect([again.statusCode, again.json()]).toEqual([
        409,
        { message: FRIEND_MESSAGES.coolingOff, code: expect.any(String) },
      ]);
      expect(again.body).not.toMatch(/declin/i);
    }
    expect(await requestsFrom(sender.id, decliner.id)).toEqual([]);
    expect(await requestNotificationsOf(decliner.id)).toHaveLength(1);
  });

  it('after 7 days the request may be sent again (and declined again, for another 7 days)', async () => {
    const { sender, decliner } = await declinedPair();
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await ctx.database.db
      .update(friendRequestDeclines)
      .set({ declinedAt: eightDaysAgo })
      .where(eq(friendRequestDeclines.fromUserId, sender.id));
    expect((await post(sender, 'request', decliner.id)).statusCode).toBe(201);
    expect((await post(decliner, 'decline', sender.id)).statusCode).toBe(200);
    expect((await post(sender, 'request', decliner.id)).statusCode).toBe(409);
  });

  it('only the declined direction waits: the one who declined may still ask, and that ends the wait', async () => {
    const { sender, decliner } = await declinedPair();
    const theirs = await post(decliner, 'request', sender.id);
    expect([theirs.statusCode, theirs.json().friendshipStatus]).toEqual([201, 'pending']);
    expect(
      await ctx.database.db.select().from(friendRequestDeclines).where(eq(friendRequestDeclines.toUserId, decliner.id)),
    ).toEqual([]);
    // The sender answers by asking back: they become friends.
    const back = await post(sender, 'request', decliner.id);
    expect([back.statusCode, back.json().friendshipStatus]).toEqual([201, 'friends']);
  });

  it('a third person is not affected by the decline', async () => {
    const { sender } = await declinedPair();
    const third = await createUser(ctx);
    expect((await post(sender, 'request', third.id)).statusCode).toBe(201);
  });
});
