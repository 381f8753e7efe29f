import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultNotificationSettings, type NotificationKind } from '../../../contract/push';
import { befriend, createShro, createUser, notificationsOf, pickBox, type SignedInUser } from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';

/*
 * The "in app" switch of each kind (decision 117), through the real actions: with it off the action
 * still happens but stores no notification of that kind, while the user's other kinds are stored.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
});
afterAll(() => ctx.close());

const call = (who: SignedInUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

/** A user with one kind's in-app channel off (push left on). */
async function userWithInAppOff(kind: NotificationKind) {
  const user = await createUser(ctx);
  const settings = defaultNotificationSettings();
  settings.kinds[kind].inApp = false;
  expect((await call(user, 'PUT', '/api/notifications/settings', settings)).statusCode).toBe(200);
  return user;
}

const typesOf = async (user: SignedInUser) => (await notificationsOf(ctx, user.id)).map((row) => row.type);

describe('the in-app switch of each kind', () => {
  it('Shro received: the Shro arrives without a notification; a friend request still notifies', async () => {
    const me = await userWithInAppOff('shroReceived');
    const friend = await createUser(ctx);
    await befriend(ctx, me, friend);
    const shro = await createShro(ctx, friend.cookie, { isShareable: false, recipients: JSON.stringify([me.id]) });
    expect((await call(me, 'GET', `/api/sessions/${shro.id}`)).statusCode).toBe(200);
    const stranger = await createUser(ctx);
    expect((await call(stranger, 'POST', '/api/friends/request', { friendId: me.id })).statusCode).toBe(201);
    expect(await typesOf(me)).toEqual(['friend_request']);
  });

  it('box opened: the pick counts without a notification; a reaction still notifies', async () => {
    const me = await userWithInAppOff('boxOpened');
    const friend = await createUser(ctx);
    await befriend(ctx, me, friend);
    const shro = await createShro(ctx, me.cookie, { title: 'Picks are quiet' });
    const picked = await pickBox(ctx, friend.cookie, shro, 1);
    expect(picked.participantCount).toBe(1);
    expect((await call(friend, 'POST', `/api/sessions/${shro.id}/react`, { emoji: '🔥' })).statusCode).toBe(200);
    expect((await typesOf(me)).filter((type) => type !== 'achievement_unlocked')).toEqual(['reaction']);
  });

  it('reaction: the reaction counts without a notification; a pick still notifies', async () => {
    const me = await userWithInAppOff('reaction');
    const friend = await createUser(ctx);
    await befriend(ctx, me, friend);
    const shro = await createShro(ctx, me.cookie, { title: 'Reactions are quiet' });
    await pickBox(ctx, friend.cookie, shro, 1);
    expect((await call(friend, 'POST', `/api/sessions/${shro.id}/react`, { emoji: '🔥' })).statusCode).toBe(200);
    const mine = await call(me, 'GET', `/api/sessions/${shro.id}`);
    expect(JSON.stringify(mine.json())).toContain('🔥');
    expect((await typesOf(me)).filter((type) => type !== 'achievement_unlocked')).toEqual(['shro_selected']);
  });

  it('friend request: requests and acceptances arrive without notifications; a Shro received still notifies', async () => {
    const me = await userWithInAppOff('friendRequest');
    const other = await createUser(ctx);
    expect((await call(other, 'POST', '/api/friends/request', { friendId: me.id })).statusCode).toBe(201);
    const third = await createUser(ctx);
    expect((await call(me, 'POST', '/api/friends/request', { friendId: third.id })).statusCode).toBe(201);
    expect((await call(third, 'POST', '/api/friends/accept', { friendId: me.id })).statusCode).toBe(200);
    const pending = (await call(me, 'GET', '/api/friends/requests')).json();
    expect(JSON.stringify(pending)).toContain(other.id);
    await createShro(ctx, third.cookie, { isShareable: false, recipients: JSON.stringify([me.id]) });
    expect(await typesOf(me)).toEqual(['shro_received']);
  });

  it('achievement: unlocked without a notification; a pick on the Shro still notifies', async () => {
    const me = await userWithInAppOff('achievement');
    const friend = await createUser(ctx);
    await befriend(ctx, me, friend);
    // A first Shro unlocks "First Shro".
    const shro = await createShro(ctx, me.cookie, { title: 'My first' });
    const achievements = (await call(me, 'GET', '/api/achievements')).json() as { isUnlocked: boolean }[];
    expect(achievements.filter((a) => a.isUnlocked).length).toBeGreaterThan(0);
    await pickBox(ctx, friend.cookie, shro, 2);
    expect(await typesOf(me)).toEqual(['shro_selected']);
  });

  it('message: nothing is stored for messages either way, and the unread count still counts them', async () => {
    const me = await userWithInAppOff('message');
    const friend = await createUser(ctx);
    await befriend(ctx, me, friend);
    const sent = await call(friend, 'POST', '/api/chat/send', { recipientId: me.id, content: 'hi' });
    expect(sent.statusCode).toBe(201);
    expect((await call(me, 'GET', '/api/chat/unread-count')).json()).toBe(1);
    expect(await typesOf(me)).toEqual([]);
  });
});
