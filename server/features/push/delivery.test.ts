import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultNotificationSettings, type NotificationSettings } from '../../../contract/push';
import { pushSubscriptions, pushThrottle, users } from '../../db/schema/index';
import { translate, wording } from '../../i18n/catalogs';
import {
  befriend,
  block,
  createShro,
  createUser,
  notificationsOf,
  pickBox,
  type SignedInUser,
} from '../../test/factories';
import { startTestPushService, type TestBrowser, type TestPushService, testPushAgent } from '../../test/push-service';
import { createTestApp, TEST_PUSH_SERVICE_HOSTS, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { insertNotifications } from '../notifications/queries';
import { NOTIFICATION_TEXTS } from '../notifications/texts';
import { sweepDeadlines } from '../shros/deadlines';

/*
 * Web Push end to end (decision 116): the app encrypts and sends to a push service running in this
 * process, which decrypts each message with the browser's keys (RFC 8291, aes128gcm).
 */

let ctx: TestContext;
let service: TestPushService;
beforeAll(async () => {
  // The test push service is https://localhost:<port>, allowed here through PUSH_SERVICE_HOSTS only.
  ctx = await createTestApp({ ...withoutWriteLimits, pushServiceHosts: [...TEST_PUSH_SERVICE_HOSTS, 'localhost'] });
  service = await startTestPushService();
  ctx.app.push.requestOptions.agent = testPushAgent();
});
afterAll(async () => {
  await ctx.close();
  await service.close();
});
beforeEach(() => {
  service.respondWith(201);
});

/** A signed-in user whose browser subscribed through the real route. */
async function subscribedUser(): Promise<{ user: SignedInUser; browser: TestBrowser }> {
  const user = await createUser(ctx);
  const browser = service.browser();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    payload: browser.subscription,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(201);
  return { user, browser };
}

const pathOf = (browser: TestBrowser) => new URL(browser.subscription.endpoint).pathname;
/** What reached this browser, once the app's push queue is empty. */
async function pushesTo(browser: TestBrowser) {
  await ctx.app.push.idle();
  return service.received.filter((push) => push.path === pathOf(browser));
}

const sendChat = (from: SignedInUser, to: { id: string }, content: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/chat/send',
    payload: { recipientId: to.id, content, messageType: 'plain' },
    headers: { cookie: from.cookie },
  });
const react = (who: SignedInUser, shroId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/sessions/${shroId}/react`,
    payload: { emoji: '🔥' },
    headers: { cookie: who.cookie },
  });
const muteUser = (who: SignedInUser, userId: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/mutes/users/${userId}`, headers: { cookie: who.cookie } });
const muteShro = (who: SignedInUser, shroId: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/sessions/${shroId}/mute`, headers: { cookie: who.cookie } });
const unreadMessages = (who: SignedInUser) =>
  ctx.app.inject({ method: 'GET', url: '/api/chat/unread-count', headers: { cookie: who.cookie } });

const saveSettings = (user: SignedInUser, change: (settings: NotificationSettings) => void) => {
  const settings = defaultNotificationSettings();
  change(settings);
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/notifications/settings',
    payload: settings,
    headers: { cookie: user.cookie },
  });
};

describe('a Shro received', () => {
  it('reaches the browser encrypted, with title, body, tag, url and icon, and no box content', async () => {
    const creator = await createUser(ctx);
    const { user: friend, browser } = await subscribedUser();
    await befriend(ctx, creator, friend);
    const shro = await createShro(ctx, creator.cookie, {
      title: 'Friday dinner',
      isShareable: false,
      recipients: JSON.stringify([friend.id]),
    });

    const [push, ...more] = await pushesTo(browser);
    expect(more).toEqual([]);
    expect(push!.payload).toEqual({
      title: 'New Shro!',
      body: `@${creator.username} sent you a Shro: "Friday dinner"`,
      tag: `shro-${shro.id}`,
      url: `/session/${shro.id}`,
      icon: '/icon-192.png',
    });
    // The default boxes of createShro: none of them may travel in a push.
    for (const content of ['Pizza', 'Sushi', 'Tacos', 'Curry'])
      expect(JSON.stringify(push!.payload)).not.toContain(content);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe(String(24 * 60 * 60));
    // VAPID (RFC 8292): a signed JWT and the app's public key.
    const { publicKey } = (await ctx.app.inject({ method: 'GET', url: '/api/push/public-key' })).json();
    expect(push!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    const [row] = await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, friend.id));
    expect(row!.lastSuccessAt).toBeInstanceOf(Date);
  });
});

describe('a nudge and a deadline reminder (issue 40)', () => {
  it('reach the browser of a recipient who has not opened the Shro, each as a push', async () => {
    const creator = await createUser(ctx);
    const { user: friend, browser } = await subscribedUser();
    await befriend(ctx, creator, friend);
    const expiresAt = new Date(Date.now() + 2 * 3600_000);
    const shro = await createShro(ctx, creator.cookie, {
      title: 'Friday dinner',
      isShareable: false,
      recipients: JSON.stringify([friend.id]),
      expiresAt: expiresAt.toISOString(),
    });
    expect(await pushesTo(browser)).toHaveLength(1);
    // Pushes about one Shro are spaced out (decision 117): as if the first went out long ago.
    const longAgo = async () =>
      ctx.database.db
        .update(pushThrottle)
        .set({ sentAt: new Date(Date.now() - 3600_000) })
        .where(eq(pushThrottle.userId, friend.id));
    await longAgo();
    const nudged = await ctx.app.inject({
      method: 'POST',
      url: `/api/sessions/${shro.id}/nudge`,
      headers: { cookie: creator.cookie },
    });
    expect(nudged.json()).toEqual({ nudged: 1 });
    const [, nudge] = await pushesTo(browser);
    expect(nudge!.payload).toMatchObject({
      title: 'Waiting for you',
      body: `@${creator.username} is waiting for you to open a box in "Friday dinner"`,
      url: `/session/${shro.id}`,
    });

    await longAgo();
    await sweepDeadlines({ db: ctx.database.db, live: ctx.app.bus }, new Date(expiresAt.getTime() - 30 * 60_000));
    const [, , reminder] = await pushesTo(browser);
    expect(reminder!.payload).toMatchObject({
      title: 'Closing soon',
      body: '"Friday dinner" closes in less than an hour. Open a box before it does!',
    });
  });
});

describe('a box opened on your Shro', () => {
  it('pushes to the creator once; a reaction on the same Shro within 10 minutes does not push again; their first-Shro achievement too', async () => {
    const { user: creator, browser } = await subscribedUser();
    const friend = await createUser(ctx);
    await befriend(ctx, creator, friend);
    const shro = await createShro(ctx, creator.cookie, { title: 'Lunch?' });
    await pickBox(ctx, friend.cookie, shro, 1);
    const reacted = await ctx.app.inject({
      method: 'POST',
      url: `/api/sessions/${shro.id}/react`,
      payload: { emoji: '🔥' },
      headers: { cookie: friend.cookie },
    });
    expect(reacted.statusCode, reacted.body).toBeLessThan(300);
    const pushes = (await pushesTo(browser)).map((push) => push.payload);
    expect(pushes).toEqual([
      {
        title: 'Achievement Unlocked!',
        body: '🎁 First Shro: Create your first Shro',
        tag: 'achievement-🎁 First Shro: Create your first Shro',
        url: '/achievements',
        icon: '/icon-192.png',
      },
      {
        title: 'Box opened!',
        body: `@${friend.username} opened Box #1 in "Lunch?"`,
        tag: `shro-${shro.id}`,
        url: `/session/${shro.id}`,
        icon: '/icon-192.png',
      },
    ]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('pushes about one Shro, in the order they were queued (PostgreSQL)', () => {
  it('the first event keeps the throttle even when a later one saw its commit sooner', async () => {
    const { user: creator, browser } = await subscribedUser();
    const friend = await createUser(ctx);
    const shro = await createShro(ctx, creator.cookie, { title: 'Order?' });
    // Pushes so far (the creator's first-Shro achievement) are not this test's.
    const earlier = (await pushesTo(browser)).length;
    const about = { userId: creator.id, shroId: shro.id, actorId: friend.id };
    // The pick's transaction is still under way when the reaction's, queued after it, has committed.
    const pool = (ctx.database.db as unknown as { $client: import('pg').Pool }).$client;
    const pickTx = await pool.connect();
    try {
      await pickTx.query('begin');
      const { rows } = await pickTx.query('select pg_current_xact_id()::text as xid');
      const reactionXid = (await pool.query('select pg_current_xact_id()::text as xid')).rows[0].xid as string;
      ctx.app.push.notifications(rows[0].xid, [
        { ...about, type: 'shro_selected', title: 'Box opened!', message: `@${friend.username} opened Box #1` },
      ]);
      ctx.app.push.notifications(reactionXid, [
        { ...about, type: 'reaction', title: 'New reaction!', message: `@${friend.username} reacted 🔥` },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await pickTx.query('commit');
    } finally {
      pickTx.release();
    }
    const pushes = (await pushesTo(browser)).slice(earlier);
    expect(pushes.map((push) => (push.payload as { title: string }).title)).toEqual(['Box opened!']);
  });
});

describe('subscriptions the push service refuses', () => {
  it.each([410, 404])('a %i answer removes the subscription', async (status) => {
    const { user, browser } = await subscribedUser();
    service.respondWith(status);
    await insertNotifications(ctx.database.db, [
      {
        userId: user.id,
        type: 'achievement_unlocked',
        title: wording('Achievement Unlocked!'),
        message: wording('🎉 First'),
      },
    ]);
    expect(await pushesTo(browser)).toHaveLength(1);
    expect(await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual(
      [],
    );
  });

  it('a subscription stored before the host rule is never sent to', async () => {
    const user = await createUser(ctx);
    // The same test push service, reached by its address: refused at send time too.
    const byAddress = service.browser();
    const { endpoint, keys } = byAddress.subscription;
    await ctx.database.db
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint: endpoint.replace('//localhost:', '//127.0.0.1:'), ...keys });
    await insertNotifications(ctx.database.db, [
      {
        userId: user.id,
        type: 'achievement_unlocked',
        title: wording('Achievement Unlocked!'),
        message: wording('🎉 Stored before'),
      },
    ]);
    expect(await pushesTo(byAddress)).toEqual([]);
    // Kept (a host taken off PUSH_SERVICE_HOSTS by mistake and put back reaches its browsers again).
    const rows = await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows.map((row) => row.lastSuccessAt)).toEqual([null]);
  });

  it('any other failure keeps it (and throws nowhere)', async () => {
    const { user, browser } = await subscribedUser();
    service.respondWith(500);
    await insertNotifications(ctx.database.db, [
      {
        userId: user.id,
        type: 'achievement_unlocked',
        title: wording('Achievement Unlocked!'),
        message: wording('🎉 Second'),
      },
    ]);
    expect(await pushesTo(browser)).toHaveLength(1);
    const rows = await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lastSuccessAt).toBeNull();
  });
});

describe('what goes out, and what does not', () => {
  it('a friend request and its acceptance open the friends page', async () => {
    const { user: me, browser: mine } = await subscribedUser();
    const { user: them, browser: theirs } = await subscribedUser();
    const request = await ctx.app.inject({
      method: 'POST',
      url: '/api/friends/request',
      payload: { friendId: them.id },
      headers: { cookie: me.cookie },
    });
    expect(request.statusCode).toBe(201);
    expect((await pushesTo(theirs)).map((push) => push.payload)).toEqual([
      {
        title: 'New friend request',
        body: `@${me.username} sent you a friend request`,
        tag: `friend-${me.id}`,
        url: '/friends',
        icon: '/icon-192.png',
      },
    ]);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/friends/accept',
      payload: { friendId: me.id },
      headers: { cookie: them.cookie },
    });
    expect((await pushesTo(mine)).map((push) => push.payload)).toMatchObject([
      { title: 'Friend request accepted', tag: `friend-${them.id}`, url: '/friends' },
    ]);
  });

  it("is written in the recipient's saved language, not the sender's, in the push and in the app", async () => {
    const { user: me, browser: mine } = await subscribedUser();
    const { user: them, browser: theirs } = await subscribedUser();
    await ctx.database.db.update(users).set({ locale: 'fr' }).where(eq(users.id, me.id));
    await ctx.database.db.update(users).set({ locale: 'ja' }).where(eq(users.id, them.id));
    const befriend = (from: SignedInUser, to: SignedInUser, action: 'request' | 'accept') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/friends/${action}`,
        payload: { friendId: to.id },
        headers: { cookie: from.cookie, 'accept-language': 'en' },
      });
    await befriend(me, them, 'request');
    const japanese = {
      title: translate('ja', NOTIFICATION_TEXTS.friendRequestTitle),
      body: translate('ja', NOTIFICATION_TEXTS.friendRequest, { username: me.username }),
    };
    expect(japanese.title).not.toBe(NOTIFICATION_TEXTS.friendRequestTitle);
    expect((await pushesTo(theirs)).map((push) => push.payload)).toMatchObject([japanese]);
    expect(await notificationsOf(ctx, them.id)).toMatchObject([{ title: japanese.title, message: japanese.body }]);

    await befriend(them, me, 'accept');
    expect((await pushesTo(mine)).map((push) => push.payload)).toMatchObject([
      {
        title: translate('fr', NOTIFICATION_TEXTS.friendAcceptedTitle),
        body: translate('fr', NOTIFICATION_TEXTS.friendAccepted, { username: them.username }),
      },
    ]);
  });

  it('a chat message names the sender and opens the conversation', async () => {
    const sender = await createUser(ctx);
    const { user: recipient, browser } = await subscribedUser();
    await befriend(ctx, sender, recipient);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/send',
      payload: { recipientId: recipient.id, content: 'Are you coming tonight?', messageType: 'plain' },
      headers: { cookie: sender.cookie },
    });
    expect(response.statusCode).toBe(201);
    expect((await pushesTo(browser)).map((push) => push.payload)).toEqual([
      {
        title: `@${sender.username}`,
        body: 'Are you coming tonight?',
        tag: `chat-${sender.id}`,
        url: `/chat?with=${sender.id}`,
        icon: '/icon-192.png',
      },
    ]);
  });

  it('nothing for a kind whose push is off, or for a message when messages are off', async () => {
    const sender = await createUser(ctx);
    const { user, browser } = await subscribedUser();
    await befriend(ctx, sender, user);
    await saveSettings(user, (settings) => {
      settings.kinds.achievement.push = false;
      settings.kinds.message.push = false;
    });
    await insertNotifications(ctx.database.db, [
      {
        userId: user.id,
        type: 'achievement_unlocked',
        title: wording('Achievement Unlocked!'),
        message: wording('🎉 Off'),
      },
    ]);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/send',
      payload: { recipientId: user.id, content: 'hello', messageType: 'plain' },
      headers: { cookie: sender.cookie },
    });
    expect(await pushesTo(browser)).toEqual([]);
  });

  it('a push but no stored notification when only the in-app channel is off', async () => {
    const { user, browser } = await subscribedUser();
    await saveSettings(user, (settings) => {
      settings.kinds.achievement.inApp = false;
    });
    const stored = await insertNotifications(ctx.database.db, [
      {
        userId: user.id,
        type: 'achievement_unlocked',
        title: wording('Achievement Unlocked!'),
        message: wording('🎉 Push only'),
      },
    ]);
    expect(stored).toEqual([]);
    expect((await pushesTo(browser)).map((push) => push.payload)).toMatchObject([{ body: '🎉 Push only' }]);
  });

  it('nothing during quiet hours, read in the user’s time zone', async () => {
    const { user, browser } = await subscribedUser();
    await ctx.database.db.update(users).set({ timeZone: 'Asia/Tokyo' }).where(eq(users.id, user.id));
    const tokyoHour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', hourCycle: 'h23' }).format(
        new Date(),
      ),
    );
    const pad = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;
    // Quiet from this Tokyo hour to two hours later: now is inside.
    await saveSettings(user, (settings) => {
      settings.quietHours = { start: pad(tokyoHour), end: pad(tokyoHour + 2) };
    });
    const note = { userId: user.id, type: 'achievement_unlocked' as const, title: wording('Achievement Unlocked!') };
    const stored = await insertNotifications(ctx.database.db, [{ ...note, message: wording('🎉 Quiet') }]);
    expect(await pushesTo(browser)).toEqual([]);
    // Quiet hours silence push only: the notification is in the app all the same.
    expect(stored.map((row) => row.message)).toEqual(['🎉 Quiet']);
    expect((await notificationsOf(ctx, user.id)).map((row) => row.message)).toEqual(['🎉 Quiet']);
    // Quiet hours that have not begun yet: the push goes out.
    await saveSettings(user, (settings) => {
      settings.quietHours = { start: pad(tokyoHour + 1), end: pad(tokyoHour + 2) };
    });
    await insertNotifications(ctx.database.db, [{ ...note, message: wording('🎉 Loud') }]);
    expect((await pushesTo(browser)).map((push) => push.payload)).toMatchObject([{ body: '🎉 Loud' }]);
  });

  it('at most one push per Shro per 10 minutes', async () => {
    const creator = await createUser(ctx);
    const { user, browser } = await subscribedUser();
    const shro = await createShro(ctx, creator.cookie, { title: 'Busy Shro' });
    const about = (message: string) => ({
      userId: user.id,
      type: 'reaction' as const,
      title: wording('New reaction!'),
      message: wording(message),
      shroId: shro.id,
      actorId: creator.id,
    });
    await insertNotifications(ctx.database.db, [about('first')]);
    await ctx.app.push.idle();
    await insertNotifications(ctx.database.db, [about('second')]);
    expect((await pushesTo(browser)).map((push) => push.payload)).toMatchObject([{ body: 'first' }]);
    // Ten minutes later the Shro may push again.
    await ctx.database.db
      .update(pushThrottle)
      .set({ sentAt: new Date(Date.now() - 10 * 60_000 - 1000) })
      .where(eq(pushThrottle.userId, user.id));
    await insertNotifications(ctx.database.db, [about('third')]);
    expect((await pushesTo(browser)).map((push) => (push.payload as { body: string }).body)).toEqual([
      'first',
      'third',
    ]);
  });

  it('nothing from someone the user blocked, in notifications or chat', async () => {
    const { user, browser } = await subscribedUser();
    const blocked = await createUser(ctx);
    await block(ctx, user, blocked);
    await insertNotifications(ctx.database.db, [
      {
        userId: user.id,
        type: 'friend_request',
        title: wording('New friend request'),
        message: wording('x'),
        actorId: blocked.id,
      },
    ]);
    expect(await pushesTo(browser)).toEqual([]);
  });

  it('nothing from a user they muted, in push or in the app, while everyone else still reaches them', async () => {
    const { user, browser } = await subscribedUser();
    const muted = await createUser(ctx);
    const other = await createUser(ctx);
    await befriend(ctx, user, muted);
    await befriend(ctx, user, other);
    expect((await muteUser(user, muted.id)).statusCode).toBe(200);
    // Their own first Shro (and its achievement push) out of the way first.
    const own = await createShro(ctx, user.cookie, { title: 'Mine to open' });
    await ctx.app.push.idle();
    service.received.length = 0;

    // A Shro, a message, a pick and a reaction from the muted friend: none of them pushes or notifies.
    const recipients = JSON.stringify([user.id]);
    await createShro(ctx, muted.cookie, { title: 'From the muted', isShareable: false, recipients });
    expect((await sendChat(muted, user, 'muted hello')).statusCode).toBe(201);
    await pickBox(ctx, muted.cookie, own, 1);
    expect((await react(muted, own.id)).statusCode).toBe(200);
    expect(await pushesTo(browser)).toEqual([]);
    expect((await notificationsOf(ctx, user.id)).filter((row) => row.actorId === muted.id)).toEqual([]);
    // The message itself still arrives: mute silences, it does not hide.
    expect((await unreadMessages(user)).json()).toBe(1);

    // Someone else's Shro and message still push and notify.
    const shro = await createShro(ctx, other.cookie, { title: 'From a friend', isShareable: false, recipients });
    expect((await sendChat(other, user, 'loud hello')).statusCode).toBe(201);
    // Pushes go out on their own and may arrive in either order.
    const loud = (await pushesTo(browser)).map((push) => push.payload);
    expect(loud).toHaveLength(2);
    expect(loud).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'New Shro!', tag: `shro-${shro.id}` }),
        expect.objectContaining({ title: `@${other.username}`, body: 'loud hello' }),
      ]),
    );
    expect((await notificationsOf(ctx, user.id, 'shro_received')).map((row) => row.actorId)).toEqual([other.id]);
  });

  it('nothing about a Shro they muted, while their other Shros still push', async () => {
    const { user, browser } = await subscribedUser();
    const friend = await createUser(ctx);
    await befriend(ctx, user, friend);
    const quiet = await createShro(ctx, user.cookie, { title: 'Quiet one' });
    const loud = await createShro(ctx, user.cookie, { title: 'Loud one' });
    expect((await muteShro(user, quiet.id)).statusCode).toBe(200);
    await ctx.app.push.idle();
    service.received.length = 0;

    await pickBox(ctx, friend.cookie, quiet, 1);
    expect((await react(friend, quiet.id)).statusCode).toBe(200);
    await pickBox(ctx, friend.cookie, loud, 2);
    const pushes = (await pushesTo(browser)).map((push) => push.payload as { tag: string });
    expect(pushes.map((push) => push.tag)).toEqual([`shro-${loud.id}`]);
    expect((await notificationsOf(ctx, user.id)).filter((row) => row.shroId === quiet.id)).toEqual([]);
    // The friend is not muted: a message from them still pushes.
    expect((await sendChat(friend, user, 'still here')).statusCode).toBe(201);
    expect((await pushesTo(browser)).map((push) => (push.payload as { tag: string }).tag)).toEqual([
      `shro-${loud.id}`,
      `chat-${friend.id}`,
    ]);
  });

  it('nothing when the notifying transaction rolls back', async () => {
    const { user, browser } = await subscribedUser();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await insertNotifications(tx, [
          {
            userId: user.id,
            type: 'achievement_unlocked',
            title: wording('Achievement Unlocked!'),
            message: wording('never'),
          },
        ]);
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await pushesTo(browser)).toEqual([]);
  });
});
