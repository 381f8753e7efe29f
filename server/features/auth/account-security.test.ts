import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, users } from '../../db/schema/index';
import { cookieFrom, createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { summarizeUserAgent } from './user-agent';

/** PUT /api/auth/password and the signed-in devices (docs/decisions/102-signed-in-devices.md). */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    rateLimits: { loginFailuresPerUsername: 3, loginFailuresPerIp: 100, writesPerUser: 1000 },
  });
});
afterAll(() => ctx.close());

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const NEW_PASSWORD = 'a brand new secret';

/** Signs in through the real login call with a User-Agent; returns the Cookie header. */
async function logInFrom(username: string, userAgent: string, password = TEST_PASSWORD) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'user-agent': userAgent },
    payload: { username, password },
  });
  return cookieFrom(response);
}

const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
const changePassword = (cookie: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/auth/password',
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const listSessions = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie } });
const passwordHashOf = async (userId: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, userId)))[0]!.passwordHash;
const loginStatus = async (username: string, password: string) =>
  (await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } })).statusCode;

describe('PUT /api/auth/password', () => {
  it('needs the current password, sets the new one and signs out every other session but this one', async () => {
    const user = await createUser(ctx, { signedIn: false });
    const here = await logInFrom(user.username, WINDOWS_FIREFOX);
    const phone = await logInFrom(user.username, ANDROID_CHROME);
    const tablet = await logInFrom(user.username, ANDROID_CHROME);
    // Cached on this instance before the change: the change must drop it from the cache too.
    expect((await me(phone)).statusCode).toBe(200);

    const response = await changePassword(here, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });

    expect((await me(here)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(tablet)).statusCode).toBe(401);
    expect(await loginStatus(user.username, TEST_PASSWORD)).toBe(401);
    expect(await loginStatus(user.username, NEW_PASSWORD)).toBe(200);
  });

  it('answers 400 with a clear message for a wrong current password and changes nothing', async () => {
    const user = await createUser(ctx);
    const other = await logInFrom(user.username, ANDROID_CHROME);
    const before = await passwordHashOf(user.id);
    const response = await changePassword(user.cookie, { currentPassword: 'not-it', newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Current password is incorrect', code: expect.any(String) });
    expect(await passwordHashOf(user.id)).toBe(before);
    expect((await me(other)).statusCode).toBe(200);
  });

  it.each([
    ['no body', undefined, undefined],
    ['an empty object', {}, 'Current password is required'],
    ['no current password', { newPassword: NEW_PASSWORD }, 'Current password is required'],
    ['an empty current password', { currentPassword: '', newPassword: NEW_PASSWORD }, 'Current password is required'],
    ['no new password', { currentPassword: TEST_PASSWORD }, 'Password must be at least 6 characters'],
    ['a short new password', { currentPassword: TEST_PASSWORD, newPassword: '12345' }, 'at least 6 characters'],
    ['a long new password', { currentPassword: TEST_PASSWORD, newPassword: 'x'.repeat(257) }, 'at most 256'],
    ['a number', { currentPassword: TEST_PASSWORD, newPassword: 1234567 }, 'at least 6 characters'],
    ['an unknown field', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirm: 'x' }, undefined],
    ['a long current password', { currentPassword: 'x'.repeat(257), newPassword: NEW_PASSWORD }, 'incorrect'],
  ])('answers 400 for %s and changes nothing', async (_name, payload, message) => {
    const user = await createUser(ctx);
    const before = await passwordHashOf(user.id);
    const response = await changePassword(user.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
    if (message) expect(response.json().message).toContain(message);
    expect(await passwordHashOf(user.id)).toBe(before);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it('answers 401 to a visitor, whatever the body', async () => {
    expect(
      (await changePassword(undefined, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(401);
    expect((await changePassword(undefined, { nonsense: true })).statusCode).toBe(401);
  });

  it('counts wrong current passwords against the login limiter: no faster guessing than the login form', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 3; i++) {
      const wrong = await changePassword(user.cookie, { currentPassword: `guess-${i}`, newPassword: NEW_PASSWORD });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await changePassword(user.cookie, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(await loginStatus(user.username, TEST_PASSWORD)).toBe(429);
  });
});

describe('GET /api/auth/sessions', () => {
  it("lists the caller's live devices with a public id, times, a user-agent summary and the current one", async () => {
    const user = await createUser(ctx, { signedIn: false });
    const phone = await logInFrom(user.username, ANDROID_CHROME);
    const desktop = await logInFrom(user.username, WINDOWS_FIREFOX);
    const stranger = await createUser(ctx);
    // An expired session is not a signed-in device.
    await ctx.database.db
      .insert(authSessions)
      .values({ id: `expired-${user.id}`, userId: user.id, expiresAt: new Date(Date.now() - 1000) });

    const response = await listSessions(desktop);
    expect(response.statusCode).toBe(200);
    const list = response.json() as Record<string, unknown>[];
    expect(list).toHaveLength(2);
    for (const session of list) {
      expect(Object.keys(session).sort()).toEqual(['createdAt', 'current', 'id', 'lastSeenAt', 'userAgent']);
      expect(session.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(Number.isNaN(Date.parse(String(session.lastSeenAt)))).toBe(false);
    }
    expect(list.find((s) => s.current)?.userAgent).toBe('Firefox on Windows');
    expect(list.find((s) => !s.current)?.userAgent).toBe('Chrome on Android');
    // The token hashes (the real session ids) never leave the server.
    const hashes = await ctx.database.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, user.id));
    for (const { id } of hashes) expect(response.body).not.toContain(id);

    const fromPhone = (await listSessions(phone)).json() as { current: boolean; userAgent: string }[];
    expect(fromPhone.find((s) => s.current)?.userAgent).toBe('Chrome on Android');
    expect((await listSessions(stranger.cookie)).json()).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
  });

  it('records last seen at most every few minutes, not on every request', async () => {
    const user = await createUser(ctx);
    const { db } = ctx.database;
    const setLastSeen = (at: Date) =>
      db.update(authSessions).set({ lastSeenAt: at }).where(eq(authSessions.userId, user.id));
    const lastSeen = async () =>
      (await db.select().from(authSessions).where(eq(authSessions.userId, user.id)))[0]!.lastSeenAt.getTime();

    const recent = new Date(Date.now() - 60_000);
    await setLastSeen(recent);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(recent.getTime());

    const other = await createUser(ctx);
    const stale = new Date(Date.now() - 10 * 60_000);
    await db.update(authSessions).set({ lastSeenAt: stale }).where(eq(authSessions.userId, other.id));
    const before = Date.now();
    expect((await me(other.cookie)).statusCode).toBe(200);
    const [row] = await db.select().from(authSessions).where(eq(authSessions.userId, other.id));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('DELETE /api/auth/sessions/{id}', () => {
  const end = (cookie: string | undefined, id: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: cookie ? { cookie } : {} });
  const idsOf = async (cookie: string) => {
    const list = (await listSessions(cookie)).json() as { id: string; current: boolean }[];
    return { current: list.find((s) => s.current)?.id, other: list.find((s) => !s.current)?.id };
  };

  it('signs one other device out', async () => {
    const user = await createUser(ctx, { signedIn: false });
    const here = await logInFrom(user.username, WINDOWS_FIREFOX);
    const phone = await logInFrom(user.username, ANDROID_CHROME);
    expect((await me(phone)).statusCode).toBe(200);
    const { other } = await idsOf(here);
    const response = await end(here, other!);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 1 });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
    expect((await listSessions(here)).json()).toHaveLength(1);
  });

  it('signing the current device out clears its cookie', async () => {
    const user = await createUser(ctx);
    const { current } = await idsOf(user.cookie);
    const response = await end(user.cookie, current!);
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'shro_sid')?.value).toBe('');
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it("answers 404 for an unknown id and for someone else's session, 400 for a malformed id, 401 to a visitor", async () => {
    const user = await createUser(ctx);
    const victim = await createUser(ctx);
    const { current: victimSession } = await idsOf(victim.cookie);
    expect((await end(user.cookie, victimSession!)).statusCode).toBe(404);
    expect((await end(user.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await me(victim.cookie)).statusCode).toBe(200);
    const hash = (
      await ctx.database.db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(and(eq(authSessions.userId, user.id)))
    )[0]!.id;
    for (const bad of ['not-a-uuid', hash, '1']) expect((await end(user.cookie, bad)).statusCode).toBe(400);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await end(undefined, victimSession!)).statusCode).toBe(401);
    expect((await me(victim.cookie)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/sessions/revoke-others', () => {
  const revokeOthers = (cookie: string | undefined, payload?: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/revoke-others',
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });

  it("signs out every other device of the caller and nobody else's", async () => {
    const user = await createUser(ctx, { signedIn: false });
    const here = await logInFrom(user.username, WINDOWS_FIREFOX);
    const others = [await logInFrom(user.username, ANDROID_CHROME), await logInFrom(user.username, ANDROID_CHROME)];
    const bystander = await createUser(ctx);
    const response = await revokeOthers(here);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    for (const cookie of others) expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(bystander.cookie)).statusCode).toBe(200);
    expect((await revokeOthers(here)).json()).toEqual({ ended: 0 });
  });

  it('answers 400 to a body and 401 to a visitor', async () => {
    const user = await createUser(ctx);
    const other = await logInFrom(user.username, ANDROID_CHROME);
    expect((await revokeOthers(user.cookie, { all: true })).statusCode).toBe(400);
    expect((await revokeOthers(undefined)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });
});

describe('summarizeUserAgent', () => {
  it.each([
    [ANDROID_CHROME, 'Chrome on Android'],
    [WINDOWS_FIREFOX, 'Firefox on Windows'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      'Chrome on iPad',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on Android tablet',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on macOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['curl/8.5.0', null],
    [undefined, null],
  ])('%s → %s', (header, summary) => {
    expect(summarizeUserAgent(header)).toBe(summary);
  });
});
