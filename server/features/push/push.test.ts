import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultNotificationSettings, PUSH_MESSAGES } from '../../../contract/push';
import { loadConfig } from '../../config';
import { appSettings, notificationSettings, notifications, pushSubscriptions } from '../../db/schema/index';
import { wording } from '../../i18n/catalogs';
import { createUser, type SignedInUser } from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { insertNotifications } from '../notifications/queries';
import { DEFAULT_PUSH_SERVICE_HOSTS, pushEndpointProblem } from './push-service-hosts';
import { inQuietHours } from './settings';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
});
afterAll(() => ctx.close());

const p256dh = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey().toString('base64url');
};
const subscription = (extra: Record<string, unknown> = {}) => ({
  endpoint: `https://push.example.com/send/${randomBytes(8).toString('hex')}`,
  expirationTime: null,
  keys: { p256dh: p256dh(), auth: randomBytes(16).toString('base64url') },
  ...extra,
});

const call = (who: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: who ? { cookie: who.cookie } : {} });

const subscriptionsOf = (userId: string) =>
  ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('GET /api/push/public-key', () => {
  it('gives everyone the VAPID public key, generated once and kept in app_settings', async () => {
    const first = await call(null, 'GET', '/api/push/public-key');
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json();
    // An uncompressed P-256 point: 65 bytes, base64url without padding.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await call(null, 'GET', '/api/push/public-key')).json()).toEqual({ publicKey });
    const [row] = await ctx.database.db.select().from(appSettings).where(eq(appSettings.key, 'vapid_keys'));
    expect(JSON.parse(row!.value).publicKey).toBe(publicKey);
  });

  it('uses VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when they are set', async () => {
    const configured = await createTestApp({
      vapidPublicKey: 'BPconfiguredPublicKeyForTheTest',
      vapidPrivateKey: 'configuredPrivate',
    });
    try {
      const response = await configured.app.inject({ method: 'GET', url: '/api/push/public-key' });
      expect(response.json()).toEqual({ publicKey: 'BPconfiguredPublicKeyForTheTest' });
      expect(await configured.database.db.select().from(appSettings).where(eq(appSettings.key, 'vapid_keys'))).toEqual(
        [],
      );
    } finally {
      await configured.close();
    }
  });
});

describe('POST /api/push/subscriptions', () => {
  it('needs a signed-in user', async () => {
    const response = await call(null, 'POST', '/api/push/subscriptions', subscription());
    expect(response.statusCode).toBe(401);
  });

  it('stores the browser subscription for the user; the same endpoint again replaces it', async () => {
    const me = await createUser(ctx);
    const body = subscription();
    const response = await call(me, 'POST', '/api/push/subscriptions', body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ subscribed: true });
    const rows = await subscriptionsOf(me.id);
    expect(rows).toMatchObject([{ endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }]);

    // Another account signs in on the same browser: the endpoint is now theirs.
    const other = await createUser(ctx);
    const again = { ...body, keys: { p256dh: p256dh(), auth: randomBytes(16).toString('base64url') } };
    expect((await call(other, 'POST', '/api/push/subscriptions', again)).statusCode).toBe(201);
    expect(await subscriptionsOf(me.id)).toEqual([]);
    expect(await subscriptionsOf(other.id)).toMatchObject([{ endpoint: body.endpoint, p256dh: again.keys.p256dh }]);
  });

  const valid = subscription();
  it.each([
    ['an http endpoint', { ...valid, endpoint: 'http://push.example.com/x' }, PUSH_MESSAGES.endpointNotHttps],
    ['a localhost http endpoint', { ...valid, endpoint: 'http://127.0.0.1:9/x' }, PUSH_MESSAGES.endpointNotHttps],
    ['a non-URL endpoint', { ...valid, endpoint: 'not a url' }, PUSH_MESSAGES.endpointInvalid],
    ['no endpoint', { keys: valid.keys }, PUSH_MESSAGES.endpointInvalid],
    ['no keys', { endpoint: valid.endpoint }, 'keys must hold p256dh and auth.'],
    [
      'a short p256dh',
      { ...valid, keys: { ...valid.keys, p256dh: valid.keys.p256dh.slice(0, 40) } },
      PUSH_MESSAGES.p256dhInvalid,
    ],
    [
      'a p256dh that is not base64url',
      { ...valid, keys: { ...valid.keys, p256dh: `${valid.keys.p256dh.slice(0, 86)}+` } },
      PUSH_MESSAGES.p256dhInvalid,
    ],
    [
      'an auth of 8 bytes',
      { ...valid, keys: { ...valid.keys, auth: randomBytes(8).toString('base64url') } },
      PUSH_MESSAGES.authInvalid,
    ],
    ['an auth that is a number', { ...valid, keys: { ...valid.keys, auth: 16 } }, PUSH_MESSAGES.authInvalid],
    ['an unknown field', { ...valid, userId: 'someone' }, 'Unknown field "userId".'],
    ['an unknown key', { ...valid, keys: { ...valid.keys, extra: 'x' } }, 'Unknown field "keys.extra".'],
  ])('refuses %s with 400 and stores nothing', async (_name, body, message) => {
    const me = await createUser(ctx);
    const response = await call(me, 'POST', '/api/push/subscriptions', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: expect.any(String) });
    expect(await subscriptionsOf(me.id)).toEqual([]);
  });
});

describe("POST /api/push/subscriptions: only the browsers' push services (no SSRF)", () => {
  const keysOnly = () => subscription().keys;
  it.each([
    ['Chrome (FCM)', 'https://fcm.googleapis.com/fcm/send/abc:APA91b'],
    ['Firefox', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk'],
    ['Safari', 'https://web.push.apple.com/QGuQyavXutnMbFf'],
    ['legacy Edge (WNS)', 'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD'],
    ['a host in upper case', 'https://FCM.GoogleAPIs.com/fcm/send/abc'],
  ])('stores a subscription on %s', async (_name, endpoint) => {
    const me = await createUser(ctx);
    const response = await call(me, 'POST', '/api/push/subscriptions', { endpoint, keys: keysOnly() });
    expect(response.statusCode, response.body).toBe(201);
    expect(await subscriptionsOf(me.id)).toHaveLength(1);
  });

  it.each([
    ['a private address', 'https://10.0.0.5/push', PUSH_MESSAGES.endpointIpAddress],
    ['loopback', 'https://127.0.0.1:8443/push', PUSH_MESSAGES.endpointIpAddress],
    ['loopback spelt as a number', 'https://2130706433/push', PUSH_MESSAGES.endpointIpAddress],
    ['loopback in hex', 'https://0x7f.1/push', PUSH_MESSAGES.endpointIpAddress],
    ['IPv6 loopback', 'https://[::1]/push', PUSH_MESSAGES.endpointIpAddress],
    ['an IPv4-mapped IPv6 address', 'https://[::ffff:169.254.169.254]/latest', PUSH_MESSAGES.endpointIpAddress],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data', PUSH_MESSAGES.endpointIpAddress],
    ['localhost', 'https://localhost:3000/api/account', PUSH_MESSAGES.endpointNotPushService],
    ['an internal name', 'https://redis.internal/x', PUSH_MESSAGES.endpointNotPushService],
    ['a look-alike host', 'https://fcm.googleapis.com.evil.example/x', PUSH_MESSAGES.endpointNotPushService],
    ['a host that only ends like one', 'https://evilfcm.googleapis.com/x', PUSH_MESSAGES.endpointNotPushService],
    ['the bare domain of a wildcard entry', 'https://push.apple.com/x', PUSH_MESSAGES.endpointNotPushService],
    ['credentials before a push host', 'https://fcm.googleapis.com@10.0.0.5/x', PUSH_MESSAGES.endpointIpAddress],
  ])('refuses %s with 400 and stores nothing', async (_name, endpoint, message) => {
    const me = await createUser(ctx);
    const response = await call(me, 'POST', '/api/push/subscriptions', { endpoint, keys: keysOnly() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: expect.any(String) });
    expect(await subscriptionsOf(me.id)).toEqual([]);
  });

  it('PUSH_SERVICE_HOSTS replaces the list; an IP address stays refused even when listed', () => {
    expect(loadConfig({}).pushServiceHosts).toBeUndefined();
    expect(loadConfig({ PUSH_SERVICE_HOSTS: ' Push.Example.org , *.corp.example ' }).pushServiceHosts).toEqual([
      'push.example.org',
      '*.corp.example',
    ]);
    const hosts = ['push.example.org', '*.corp.example', '127.0.0.1', '[::1]'];
    expect(pushEndpointProblem('https://push.example.org/x', hosts)).toBeNull();
    expect(pushEndpointProblem('https://a.b.corp.example/x', hosts)).toBeNull();
    expect(pushEndpointProblem('https://corp.example/x', hosts)).toBe(PUSH_MESSAGES.endpointNotPushService);
    expect(pushEndpointProblem('https://fcm.googleapis.com/x', hosts)).toBe(PUSH_MESSAGES.endpointNotPushService);
    expect(pushEndpointProblem('https://127.0.0.1/x', hosts)).toBe(PUSH_MESSAGES.endpointIpAddress);
    expect(pushEndpointProblem('https://[::1]/x', hosts)).toBe(PUSH_MESSAGES.endpointIpAddress);
    // The default list: the browsers' push services only.
    expect(pushEndpointProblem('https://push.example.com/x', DEFAULT_PUSH_SERVICE_HOSTS)).toBe(
      PUSH_MESSAGES.endpointNotPushService,
    );
    expect(pushEndpointProblem('https://fcm.googleapis.com/fcm/send/x', DEFAULT_PUSH_SERVICE_HOSTS)).toBeNull();
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it('forgets one of your own browsers by endpoint', async () => {
    const me = await createUser(ctx);
    const keep = subscription();
    const drop = subscription();
    await call(me, 'POST', '/api/push/subscriptions', keep);
    await call(me, 'POST', '/api/push/subscriptions', drop);
    const response = await call(me, 'DELETE', '/api/push/subscriptions', { endpoint: drop.endpoint });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ subscribed: false });
    expect((await subscriptionsOf(me.id)).map((row) => row.endpoint)).toEqual([keep.endpoint]);
  });

  it("answers 404 for someone else's endpoint and leaves it", async () => {
    const owner = await createUser(ctx);
    const me = await createUser(ctx);
    const theirs = subscription();
    await call(owner, 'POST', '/api/push/subscriptions', theirs);
    const response = await call(me, 'DELETE', '/api/push/subscriptions', { endpoint: theirs.endpoint });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: PUSH_MESSAGES.subscriptionNotFound, code: expect.any(String) });
    expect(await subscriptionsOf(owner.id)).toHaveLength(1);
  });

  it.each([
    ['no body', undefined, PUSH_MESSAGES.endpointInvalid],
    ['an http endpoint', { endpoint: 'http://push.example.com/x' }, PUSH_MESSAGES.endpointNotHttps],
    ['an unknown field', { endpoint: 'https://push.example.com/x', all: true }, 'Unknown field "all".'],
  ])('refuses %s with 400', async (_name, body, message) => {
    const me = await createUser(ctx);
    const mine = subscription();
    await call(me, 'POST', '/api/push/subscriptions', mine);
    const response = await call(me, 'DELETE', '/api/push/subscriptions', body ?? {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: expect.any(String) });
    expect(await subscriptionsOf(me.id)).toHaveLength(1);
  });
});

describe('GET/PUT /api/notifications/settings', () => {
  const allOff = () => {
    const settings = defaultNotificationSettings();
    settings.kinds.reaction = { inApp: false, push: false };
    settings.kinds.message.push = false;
    settings.quietHours = { start: '22:30', end: '07:00' };
    return settings;
  };

  it('needs a signed-in user', async () => {
    expect((await call(null, 'GET', '/api/notifications/settings')).statusCode).toBe(401);
    expect((await call(null, 'PUT', '/api/notifications/settings', allOff())).statusCode).toBe(401);
  });

  it('starts with everything on and no quiet hours, and keeps what the user saves', async () => {
    const me = await createUser(ctx);
    const initial = await call(me, 'GET', '/api/notifications/settings');
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual(defaultNotificationSettings());
    for (const kind of Object.values(initial.json().kinds)) expect(kind).toEqual({ inApp: true, push: true });

    const saved = await call(me, 'PUT', '/api/notifications/settings', allOff());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(allOff());
    expect((await call(me, 'GET', '/api/notifications/settings')).json()).toEqual(allOff());

    const cleared = { ...allOff(), quietHours: null };
    expect((await call(me, 'PUT', '/api/notifications/settings', cleared)).json()).toEqual(cleared);
  });

  const body = allOff();
  const withoutMessage = { ...body, kinds: { ...body.kinds, message: undefined } };
  it.each([
    ['a missing kind', withoutMessage, 'Invalid input: expected object, received undefined'],
    [
      'an unknown kind',
      { ...body, kinds: { ...body.kinds, likes: { inApp: true, push: true } } },
      'Unknown field "kinds.likes".',
    ],
    [
      'a channel that is not a boolean',
      { ...body, kinds: { ...body.kinds, reaction: { inApp: 'yes', push: true } } },
      'inApp must be true or false',
    ],
    ['an hour past 23', { ...body, quietHours: { start: '24:00', end: '07:00' } }, PUSH_MESSAGES.timeInvalid],
    ['a time without minutes', { ...body, quietHours: { start: '22', end: '07:00' } }, PUSH_MESSAGES.timeInvalid],
    ['the same start and end', { ...body, quietHours: { start: '07:00', end: '07:00' } }, PUSH_MESSAGES.quietHoursSame],
    ['an unknown field', { ...body, sound: true }, 'Unknown field "sound".'],
    ['no quietHours', { kinds: body.kinds }, 'quietHours must be null or {start, end}.'],
  ])('refuses %s with 400 and changes nothing', async (_name, bad, message) => {
    const me = await createUser(ctx);
    const response = await call(me, 'PUT', '/api/notifications/settings', bad);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: expect.any(String) });
    expect(
      await ctx.database.db.select().from(notificationSettings).where(eq(notificationSettings.userId, me.id)),
    ).toEqual([]);
  });

  it('an in-app kind turned off is not stored as a notification; the others are', async () => {
    const me = await createUser(ctx);
    const settings = defaultNotificationSettings();
    settings.kinds.friendRequest.inApp = false;
    await call(me, 'PUT', '/api/notifications/settings', settings);
    const note = { userId: me.id, title: wording('t'), message: wording('m') };
    await insertNotifications(ctx.database.db, [
      { ...note, type: 'friend_request' },
      { ...note, type: 'friend_accepted' },
      { ...note, type: 'achievement_unlocked' },
    ]);
    const stored = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, me.id));
    expect(stored.map((row) => row.type)).toEqual(['achievement_unlocked']);
  });
});

describe('quiet hours', () => {
  // 2026-01-15 23:30 UTC is 00:30 in Paris, 18:30 in New York.
  const at = new Date('2026-01-15T23:30:00Z');
  it.each([
    [{ start: '22:00', end: '07:00' }, 'Europe/Paris', true],
    [{ start: '22:00', end: '07:00' }, 'America/New_York', false],
    [{ start: '18:30', end: '19:00' }, 'America/New_York', true],
    [{ start: '18:00', end: '18:30' }, 'America/New_York', false],
    [{ start: '23:00', end: '23:45' }, 'UTC', true],
    [{ start: '23:00', end: '23:45' }, 'Not/AZone', true],
  ])('%o in %s at 23:30 UTC: quiet %s', (hours, zone, quiet) => {
    expect(inQuietHours(hours, zone, at)).toBe(quiet);
  });
  it('none set is never quiet', () => {
    expect(inQuietHours(null, 'UTC', at)).toBe(false);
  });
});
