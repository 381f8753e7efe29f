import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_JSON_NAME } from '../../../contract/account';
import { PUSH_MESSAGES } from '../../../contract/push';
import { nativePushTokens } from '../../db/schema/index';
import { createUser, type SignedInUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { readZip } from '../../test/zip';

/* POST and DELETE /api/push/native-tokens: the native apps' device tokens (decision 164). */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
});
afterAll(() => ctx.close());

/** An FCM registration token: longer than the router's limit for one path parameter, with a colon. */
const fcmToken = () => `${randomBytes(8).toString('base64url')}:APA91b${randomBytes(110).toString('base64url')}`;
/** An APNs device token: 32 bytes in hex. */
const apnsToken = () => randomBytes(32).toString('hex');

const register = (who: SignedInUser | null, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/push/native-tokens',
    payload: payload as object,
    headers: who ? { cookie: who.cookie } : {},
  });
const unregister = (who: SignedInUser | null, token: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/push/native-tokens/${encodeURIComponent(token)}`,
    headers: who ? { cookie: who.cookie } : {},
  });
const tokensOf = (userId: string) =>
  ctx.database.db.select().from(nativePushTokens).where(eq(nativePushTokens.userId, userId));
const rowsWith = (token: string) =>
  ctx.database.db.select().from(nativePushTokens).where(eq(nativePushTokens.token, token));

describe('POST /api/push/native-tokens', () => {
  it('needs a signed-in user, and stores nothing for a visitor', async () => {
    const token = fcmToken();
    const response = await register(null, { platform: 'android', token });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
    expect(await rowsWith(token)).toEqual([]);
  });

  it('stores an Android and an iOS token for the user; the same token again is still one row', async () => {
    const me = await createUser(ctx);
    const android = fcmToken();
    const ios = apnsToken();
    for (const body of [
      { platform: 'android', token: android },
      { platform: 'ios', token: ios },
      { platform: 'android', token: android },
    ]) {
      const response = await register(me, body);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ registered: true });
    }
    const rows = await tokensOf(me.id);
    expect(rows.map((row) => [row.platform, row.token]).sort()).toEqual(
      [
        ['android', android],
        ['ios', ios],
      ].sort(),
    );
  });

  it('a token another account registers next belongs to that account only', async () => {
    const first = await createUser(ctx);
    const second = await createUser(ctx);
    const token = apnsToken();
    expect((await register(first, { platform: 'ios', token })).statusCode).toBe(201);
    expect((await register(second, { platform: 'ios', token })).statusCode).toBe(201);
    expect(await tokensOf(first.id)).toEqual([]);
    expect((await rowsWith(token)).map((row) => row.userId)).toEqual([second.id]);
  });

  it.each([
    ['no platform', { token: fcmToken() }, PUSH_MESSAGES.platformInvalid],
    ['an unknown platform', { platform: 'windows', token: fcmToken() }, PUSH_MESSAGES.platformInvalid],
    ['a platform in capitals', { platform: 'Android', token: fcmToken() }, PUSH_MESSAGES.platformInvalid],
    ['no token', { platform: 'android' }, PUSH_MESSAGES.tokenInvalid],
    ['an empty token', { platform: 'android', token: '' }, PUSH_MESSAGES.tokenInvalid],
    ['a token that is a number', { platform: 'android', token: 12345 }, PUSH_MESSAGES.tokenInvalid],
    ['an oversized token', { platform: 'android', token: 'a'.repeat(4097) }, PUSH_MESSAGES.tokenInvalid],
    ['a token with a slash', { platform: 'android', token: 'abc/../def' }, PUSH_MESSAGES.tokenInvalid],
    ['a token with a space', { platform: 'android', token: 'abc def' }, PUSH_MESSAGES.tokenInvalid],
    ['an iOS token that is not hex', { platform: 'ios', token: fcmToken() }, PUSH_MESSAGES.iosTokenInvalid],
    ['a short iOS token', { platform: 'ios', token: 'ab'.repeat(31) }, PUSH_MESSAGES.iosTokenInvalid],
    ['an unknown field', { platform: 'android', token: 'abc', userId: 'someone' }, 'Unknown field "userId".'],
  ])('refuses %s with 400 and stores nothing', async (_name, body, message) => {
    const me = await createUser(ctx);
    const response = await register(me, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: expect.any(String) });
    expect(await tokensOf(me.id)).toEqual([]);
  });

  it('refuses to move a token with a bad body: the owner keeps it', async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const token = apnsToken();
    await register(owner, { platform: 'ios', token });
    expect((await register(other, { platform: 'ios', token, extra: true })).statusCode).toBe(400);
    expect((await rowsWith(token)).map((row) => row.userId)).toEqual([owner.id]);
  });
});

describe('DELETE /api/push/native-tokens/{token}', () => {
  it('removes the caller’s own token (an FCM token longer than a path parameter may be) with 204', async () => {
    const me = await createUser(ctx);
    const token = fcmToken();
    expect(token.length).toBeGreaterThan(100);
    await register(me, { platform: 'android', token });
    const response = await unregister(me, token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await tokensOf(me.id)).toEqual([]);
  });

  it('answers 404 for someone else’s token and for an unknown one, and removes nothing', async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const token = apnsToken();
    await register(owner, { platform: 'ios', token });
    for (const [who, target] of [
      [other, token],
      [owner, apnsToken()],
      [owner, 'not/a/token'],
      [owner, 'x'.repeat(5000)],
    ] as const) {
      const response = await unregister(who, target);
      expect(response.statusCode, target.slice(0, 20)).toBe(404);
      expect(response.json()).toEqual({ message: PUSH_MESSAGES.nativeTokenNotFound, code: expect.any(String) });
    }
    expect(await tokensOf(owner.id)).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    const owner = await createUser(ctx);
    const token = apnsToken();
    await register(owner, { platform: 'ios', token });
    expect((await unregister(null, token)).statusCode).toBe(401);
    expect(await tokensOf(owner.id)).toHaveLength(1);
  });
});

describe('the account export', () => {
  it('lists each app’s platform and dates, never its token', async () => {
    const me = await createUser(ctx);
    const token = apnsToken();
    await register(me, { platform: 'ios', token });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { cookie: me.cookie },
    });
    expect(response.statusCode).toBe(200);
    const text = (await readZip(response.rawPayload)).get(EXPORT_JSON_NAME)!.toString('utf8');
    expect(JSON.parse(text).nativePushDevices).toEqual([
      { platform: 'ios', createdAt: expect.any(String), lastSuccessAt: null },
    ]);
    expect(text).not.toContain(token);
  });
});

describe('account deletion', () => {
  it('removes the account’s device tokens', async () => {
    const me = await createUser(ctx);
    await register(me, { platform: 'android', token: fcmToken() });
    await register(me, { platform: 'ios', token: apnsToken() });
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD },
      headers: { cookie: me.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await tokensOf(me.id)).toEqual([]);
  });
});
