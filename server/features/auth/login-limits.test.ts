import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { resetTokenIn, type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Login limits that cannot lock the owner out (docs/decisions/110-known-device-logins.md): a
 * browser that signed in before carries a signed known-device cookie and is held only by its
 * own failure budget.
 */

const BUDGET = 3;
let smtp: SmtpCatcher;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({
    redisUrl: undefined,
    smtpUrl: smtp.url,
    publicOrigin: 'https://shro.example',
    rateLimits: { loginFailuresPerUsername: BUDGET, loginFailuresPerIp: 1000 },
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

/** The Cookie header for the next request: every cookie the response set, over `previous`. */
function cookiesAfter(response: LightMyRequestResponse, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const),
  );
  for (const c of response.cookies) jar.set(c.name, c.value);
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
const deviceCookieOf = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((c) => c.name === 'shro_device');
  if (!cookie) throw new Error('no known-device cookie');
  return cookie;
};

const login = (username: string, password: string, options: { cookie?: string; ip?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: options.ip ?? '10.7.0.1',
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload: { username, password },
  });

/** Someone else spends the username's whole failure budget. */
async function attackerLocks(username: string) {
  for (let i = 0; i < BUDGET; i++)
    expect((await login(username, `guess-${i}`, { ip: '10.66.0.1' })).statusCode).toBe(401);
  expect((await login(username, TEST_PASSWORD, { ip: '10.66.0.2' })).statusCode).toBe(429);
}

describe('known-device logins', () => {
  it('a successful login sets a signed, long-lived, HttpOnly known-device cookie for /api/login only', async () => {
    const user = await createUser(ctx, { signedIn: false });
    const cookie = deviceCookieOf(await login(user.username, TEST_PASSWORD));
    expect(cookie).toMatchObject({ path: '/api/login', httpOnly: true, sameSite: 'Lax' });
    expect(cookie.maxAge).toBeGreaterThan(300 * 24 * 60 * 60);
    expect(cookie.value).toContain(user.id);
  });

  it('an attacker spending the username budget does not stop the owner on a device that signed in before', async () => {
    const owner = await createUser(ctx, { signedIn: false });
    const first = await login(owner.username, TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    const device = `shro_device=${deviceCookieOf(first).value}`;
    await attackerLocks(owner.username);
    // A new browser waits out the window, even with the right password…
    expect((await login(owner.username, TEST_PASSWORD, { ip: '10.7.0.9' })).statusCode).toBe(429);
    // …the owner's known browser signs in, from any address.
    const again = await login(owner.username, TEST_PASSWORD, { cookie: device, ip: '10.7.0.10' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(owner.id);
  });

  it("a known device's wrong passwords count against that device only, then it is treated as a new one", async () => {
    const owner = await createUser(ctx, { signedIn: false });
    const device = `shro_device=${deviceCookieOf(await login(owner.username, TEST_PASSWORD)).value}`;
    const statuses = [];
    for (let i = 0; i < BUDGET; i++)
      statuses.push((await login(owner.username, 'typo', { cookie: device })).statusCode);
    expect(statuses).toEqual([401, 401, 401]);
    // The device's budget is spent, the username's is not: it is now an ordinary new browser.
    expect((await login(owner.username, TEST_PASSWORD, { cookie: device })).statusCode).toBe(200);
    // Its failures did not count against the username: a new browser still has the whole budget.
    expect((await login(owner.username, TEST_PASSWORD, { ip: '10.7.1.1' })).statusCode).toBe(200);
  });

  it("another account's device cookie, or a tampered one, gives no way past the lock", async () => {
    const owner = await createUser(ctx, { signedIn: false });
    const other = await createUser(ctx, { signedIn: false });
    const otherDevice = deviceCookieOf(await login(other.username, TEST_PASSWORD)).value;
    await attackerLocks(owner.username);
    expect((await login(owner.username, TEST_PASSWORD, { cookie: `shro_device=${otherDevice}` })).statusCode).toBe(429);
    const forged = otherDevice.replace(other.id, owner.id);
    expect((await login(owner.username, TEST_PASSWORD, { cookie: `shro_device=${forged}` })).statusCode).toBe(429);
    expect((await login(owner.username, TEST_PASSWORD, { cookie: `shro_device=${owner.id}~abcdef` })).statusCode).toBe(
      429,
    );
  });

  it('one browser remembers several accounts', async () => {
    const a = await createUser(ctx, { signedIn: false });
    const b = await createUser(ctx, { signedIn: false });
    const asA = await login(a.username, TEST_PASSWORD);
    const jar = cookiesAfter(await login(b.username, TEST_PASSWORD, { cookie: cookiesAfter(asA) }), cookiesAfter(asA));
    await attackerLocks(a.username);
    await attackerLocks(b.username);
    expect((await login(a.username, TEST_PASSWORD, { cookie: jar })).statusCode).toBe(200);
    expect((await login(b.username, TEST_PASSWORD, { cookie: jar })).statusCode).toBe(200);
  });

  it('a password reset makes its browser a known device: the owner gets in under attack', async () => {
    const owner = await createUser(ctx, { signedIn: false });
    await attackerLocks(owner.username);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { login: owner.username },
    });
    expect(asked.statusCode).toBe(202);
    const token = resetTokenIn((await smtp.waitForMail(owner.email)).text);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, newPassword: 'brand new pass' },
    });
    expect(reset.statusCode).toBe(200);
    const device = `shro_device=${deviceCookieOf(reset).value}`;
    expect((await login(owner.username, 'brand new pass', { ip: '10.7.2.2' })).statusCode).toBe(429);
    expect((await login(owner.username, 'brand new pass', { cookie: device, ip: '10.7.2.2' })).statusCode).toBe(200);
  });
});
