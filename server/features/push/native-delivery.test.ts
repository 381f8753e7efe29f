import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultNotificationSettings, type NotificationSettings } from '../../../contract/push';
import { nativePushTokens, users } from '../../db/schema/index';
import { wording } from '../../i18n/catalogs';
import { befriend, createShro, createUser, type SignedInUser } from '../../test/factories';
import { startTestApns, startTestFcm, type TestApns, type TestFcm } from '../../test/native-push-services';
import { TEST_PUSH_SERVICE_CERT } from '../../test/push-service';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { insertNotifications } from '../notifications/queries';
import type { ApnsTransport } from './apns';

/*
 * Native push end to end (decision 164): the app sends through FCM (HTTP v1, OAuth2 service account)
 * and APNs (HTTP/2, ES256 provider token) running in this process, with the same rules as Web Push.
 */

let ctx: TestContext;
let fcm: TestFcm;
let apns: TestApns;
beforeAll(async () => {
  [fcm, apns] = await Promise.all([startTestFcm(), startTestApns()]);
  ctx = await createTestApp({ ...withoutWriteLimits, nativePush: { fcm: fcm.settings, apns: apns.settings } });
  (ctx.app.push.native.ios as ApnsTransport).connectOptions.ca = TEST_PUSH_SERVICE_CERT;
});
afterAll(async () => {
  await ctx.close();
  await Promise.all([fcm.close(), apns.close()]);
});
beforeEach(() => {
  fcm.received.length = 0;
  apns.received.length = 0;
});

const fcmToken = () => `${randomBytes(8).toString('base64url')}:APA91b${randomBytes(100).toString('base64url')}`;
const apnsToken = () => randomBytes(32).toString('hex');

/** A signed-in user with an Android and an iPhone registered through the real route. */
async function userWithDevices(app = ctx): Promise<{ user: SignedInUser; android: string; ios: string }> {
  const user = await createUser(app);
  const android = fcmToken();
  const ios = apnsToken();
  for (const [platform, token] of [
    ['android', android],
    ['ios', ios],
  ]) {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/push/native-tokens',
      payload: { platform, token },
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(201);
  }
  return { user, android, ios };
}

/** What reached each service for these tokens, once the app's push queue is empty. */
async function pushesTo(devices: { android: string; ios: string }) {
  await ctx.app.push.idle();
  return {
    fcm: fcm.received.filter((push) => push.token === devices.android),
    apns: apns.received.filter((push) => push.token === devices.ios),
  };
}

const tokensOf = (userId: string) =>
  ctx.database.db.select().from(nativePushTokens).where(eq(nativePushTokens.userId, userId));

const achievement = (userId: string, message: string) =>
  insertNotifications(ctx.database.db, [
    { userId, type: 'achievement_unlocked', title: wording('Achievement Unlocked!'), message: wording(message) },
  ]);

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
  it('reaches the Android app through FCM and the iPhone through APNs, with the Web Push text and no box content', async () => {
    const creator = await createUser(ctx);
    const { user: friend, android, ios } = await userWithDevices();
    await befriend(ctx, creator, friend);
    const shro = await createShro(ctx, creator.cookie, {
      title: 'Friday dinner',
      isShareable: false,
      recipients: JSON.stringify([friend.id]),
    });
    const title = 'New Shro!';
    const body = `@${creator.username} sent you a Shro: "Friday dinner"`;
    const tag = `shro-${shro.id}`;
    const url = `/session/${shro.id}`;

    const pushes = await pushesTo({ android, ios });
    expect(pushes.fcm).toHaveLength(1);
    expect(pushes.fcm[0]!.body).toEqual({
      message: {
        token: android,
        notification: { title, body },
        data: { url, tag },
        android: { ttl: '86400s', notification: { tag } },
      },
    });
    // OAuth2 for a service account: its assertion, signed with its key, for the messaging scope.
    expect(pushes.fcm[0]!.auth.header).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'test-key-1' });
    expect(pushes.fcm[0]!.auth.claims).toMatchObject({
      iss: fcm.settings.clientEmail,
      aud: fcm.settings.tokenUri,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
    });

    expect(pushes.apns).toHaveLength(1);
    const [push] = pushes.apns;
    expect(push!.body).toEqual({
      aps: { alert: { title, body }, sound: 'default', 'thread-id': tag },
      url,
      tag,
    });
    expect(push!.headers).toMatchObject({
      'apns-topic': 'app.shro.mobile',
      'apns-push-type': 'alert',
      'apns-priority': '10',
      'apns-collapse-id': tag,
    });
    expect(push!.auth).toMatchObject({ header: { alg: 'ES256', kid: 'KEYID12345' }, claims: { iss: 'TEAMID1234' } });

    for (const content of ['Pizza', 'Sushi', 'Tacos', 'Curry']) {
      expect(JSON.stringify(pushes)).not.toContain(content);
    }
    const rows = await tokensOf(friend.id);
    expect(rows.map((row) => row.lastSuccessAt)).toEqual([expect.any(Date), expect.any(Date)]);
  });

  it('asks FCM for an access token once and reuses it until it expires', async () => {
    const { user, android, ios } = await userWithDevices();
    await achievement(user.id, '🎉 One');
    await achievement(user.id, '🎉 Two');
    expect((await pushesTo({ android, ios })).fcm).toHaveLength(2);
    // One exchange in this whole file so far: every send reused its token.
    expect(fcm.exchanges).toHaveLength(1);
  });
});

describe('the same rules as Web Push', () => {
  it('nothing for a kind whose push is off', async () => {
    const { user, android, ios } = await userWithDevices();
    expect(
      (
        await saveSettings(user, (settings) => {
          settings.kinds.achievement.push = false;
        })
      ).statusCode,
    ).toBe(200);
    await achievement(user.id, '🎉 Off');
    expect(await pushesTo({ android, ios })).toEqual({ fcm: [], apns: [] });
  });

  it('nothing during quiet hours, read in the user’s time zone; the push goes out once they have not begun', async () => {
    const { user, android, ios } = await userWithDevices();
    await ctx.database.db.update(users).set({ timeZone: 'Asia/Tokyo' }).where(eq(users.id, user.id));
    const tokyoHour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', hourCycle: 'h23' }).format(
        new Date(),
      ),
    );
    const pad = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;
    await saveSettings(user, (settings) => {
      settings.quietHours = { start: pad(tokyoHour), end: pad(tokyoHour + 2) };
    });
    await achievement(user.id, '🎉 Quiet');
    expect(await pushesTo({ android, ios })).toEqual({ fcm: [], apns: [] });
    await saveSettings(user, (settings) => {
      settings.quietHours = { start: pad(tokyoHour + 1), end: pad(tokyoHour + 2) };
    });
    await achievement(user.id, '🎉 Loud');
    const pushes = await pushesTo({ android, ios });
    expect(pushes.fcm.map((push) => (push.body.message as { notification: unknown }).notification)).toEqual([
      { title: 'Achievement Unlocked!', body: '🎉 Loud' },
    ]);
    expect(pushes.apns.map((push) => (push.body.aps as { alert: unknown }).alert)).toEqual([
      { title: 'Achievement Unlocked!', body: '🎉 Loud' },
    ]);
  });

  it('a chat message names the sender and opens the conversation', async () => {
    const sender = await createUser(ctx);
    const { user, android, ios } = await userWithDevices();
    await befriend(ctx, sender, user);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/send',
      payload: { recipientId: user.id, content: 'Are you coming tonight?', messageType: 'plain' },
      headers: { cookie: sender.cookie },
    });
    expect(sent.statusCode).toBe(201);
    const pushes = await pushesTo({ android, ios });
    expect(pushes.fcm.map((push) => push.body.message)).toMatchObject([
      {
        notification: { title: `@${sender.username}`, body: 'Are you coming tonight?' },
        data: { url: `/chat?with=${sender.id}`, tag: `chat-${sender.id}` },
      },
    ]);
    expect(pushes.apns.map((push) => push.headers['apns-collapse-id'])).toEqual([`chat-${sender.id}`]);
  });
});

describe('tokens the services refuse', () => {
  it.each([
    ['FCM 404 UNREGISTERED', 'android', { status: 404, body: fcmError('NOT_FOUND', 'UNREGISTERED') }],
    ['FCM 400 UNREGISTERED', 'android', { status: 400, body: fcmError('INVALID_ARGUMENT', 'UNREGISTERED') }],
    ['APNs 410 Unregistered', 'ios', { status: 410, body: { reason: 'Unregistered', timestamp: 1 } }],
    ['APNs 400 BadDeviceToken', 'ios', { status: 400, body: { reason: 'BadDeviceToken' } }],
  ] as const)('%s: the token is forgotten, the other device kept', async (_name, platform, answer) => {
    const devices = await userWithDevices();
    (platform === 'android' ? fcm : apns).answer(devices[platform], answer);
    await achievement(devices.user.id, '🎉 Gone');
    const pushes = await pushesTo(devices);
    expect([pushes.fcm.length, pushes.apns.length]).toEqual([1, 1]);
    const rows = await tokensOf(devices.user.id);
    expect(rows.map((row) => row.platform)).toEqual([platform === 'android' ? 'ios' : 'android']);
  });

  it.each([
    ['FCM 500', 'android', { status: 500, body: fcmError('INTERNAL') }],
    ['FCM 400 INVALID_ARGUMENT', 'android', { status: 400, body: fcmError('INVALID_ARGUMENT', 'INVALID_ARGUMENT') }],
    ['APNs 500', 'ios', { status: 500, body: { reason: 'InternalServerError' } }],
    ['APNs 400 DeviceTokenNotForTopic', 'ios', { status: 400, body: { reason: 'DeviceTokenNotForTopic' } }],
  ] as const)('%s: the token is kept, nothing throws', async (_name, platform, answer) => {
    const devices = await userWithDevices();
    (platform === 'android' ? fcm : apns).answer(devices[platform], answer);
    await achievement(devices.user.id, '🎉 Kept');
    await pushesTo(devices);
    const rows = await tokensOf(devices.user.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.platform === platform)!.lastSuccessAt).toBeNull();
  });
});

describe('with no native push service configured', () => {
  it('tokens are accepted and stored, and nothing is sent', async () => {
    const plain = await createTestApp(withoutWriteLimits);
    try {
      expect(plain.app.push.native).toEqual({});
      const { user, android, ios } = await userWithDevices(plain);
      await insertNotifications(plain.database.db, [
        {
          userId: user.id,
          type: 'achievement_unlocked',
          title: wording('Achievement Unlocked!'),
          message: wording('🎉 Nowhere'),
        },
      ]);
      await plain.app.push.idle();
      expect(fcm.received.filter((push) => push.token === android)).toEqual([]);
      expect(apns.received.filter((push) => push.token === ios)).toEqual([]);
      const rows = await plain.database.db.select().from(nativePushTokens).where(eq(nativePushTokens.userId, user.id));
      expect(rows).toHaveLength(2);
    } finally {
      await plain.close();
    }
  });
});

function fcmError(status: string, errorCode?: string) {
  return {
    error: {
      code: 0,
      status,
      details: errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : [],
    },
  };
}
