import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX } from '../../../contract/passkeys';
import { passkeyChallenges, passkeys } from '../../db/schema/index';
import { AUTH_COOKIE } from '../../plugins/auth-session';
import { createUser, type SignedInUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';

/**
 * Issue 40, passkeys (decision 187): the rules and refusals of the routes. A real passkey is made
 * and used end to end in Chromium's virtual authenticator (e2e/passkeys.spec.ts); here a stored
 * one stands in where only its row matters.
 */
let ctx: TestContext;
const HOST = 'localhost';

beforeAll(async () => {
  ctx = await createTestApp({ ...withoutWriteLimits, allowedHosts: [HOST] });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { host: HOST, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function storedPasskey(user: { id: string }, name = 'Pixel 9') {
  const id = randomUUID();
  await ctx.database.db.insert(passkeys).values({
    id,
    userId: user.id,
    credentialId: randomUUID(),
    publicKey: 'AAAA',
    counter: 0,
    name,
  });
  return id;
}
const rowsOf = (user: { id: string }) => ctx.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id));

/** A browser's answer that is well formed but signed by nobody. */
const forged = (id = 'not-a-registered-credential') => ({
  id,
  rawId: id,
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
});
const challengeCookie = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find((c) => c.name === 'shro_passkey');
  return cookie ? `shro_passkey=${cookie.value}` : '';
};

describe('GET /api/auth/passkeys', () => {
  it('lists the user’s own passkeys, never their keys; a visitor is 401', async () => {
    const ana = await createUser(ctx);
    const ben = await createUser(ctx);
    await storedPasskey(ana, 'Laptop');
    await storedPasskey(ben, 'Ben’s phone');
    const list = await call('GET', '/api/auth/passkeys', ana.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { id: expect.any(String), name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(list.body).not.toMatch(/publicKey|credentialId|AAAA/);
    expect((await call('GET', '/api/auth/passkeys')).statusCode).toBe(401);
  });
});

describe('adding a passkey', () => {
  it('gives the browser options for this site, excluding the passkeys it has, with a one-use challenge', async () => {
    const ana = await createUser(ctx);
    await storedPasskey(ana);
    const { credentialId } = (await rowsOf(ana))[0]!;
    const answer = await call('POST', '/api/auth/passkeys/registration/options', ana.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const options = answer.json();
    expect(options).toMatchObject({
      rp: { name: 'Shro', id: HOST },
      user: { name: ana.username },
      authenticatorSelection: { residentKey: 'required' },
    });
    expect(options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([credentialId]);
    expect(challengeCookie(answer)).not.toBe('');
    const [stored] = await ctx.database.db
      .select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.challenge, options.challenge));
    expect(stored).toMatchObject({ purpose: 'registration', userId: ana.id });
  });

  it('refuses an answer it cannot verify, one without its challenge, and a challenge used twice; stores nothing', async () => {
    const ana = await createUser(ctx);
    const options = await call('POST', '/api/auth/passkeys/registration/options', ana.cookie);
    const withChallenge = `${ana.cookie}; ${challengeCookie(options)}`;
    const bad = await call('POST', '/api/auth/passkeys/registration/verify', withChallenge, { credential: forged() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PASSKEY_MESSAGES.notVerified);
    const again = await call('POST', '/api/auth/passkeys/registration/verify', withChallenge, { credential: forged() });
    expect(again.json().message).toBe(PASSKEY_MESSAGES.expired);
    const none = await call('POST', '/api/auth/passkeys/registration/verify', ana.cookie, { credential: forged() });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(PASSKEY_MESSAGES.expired);
    for (const body of [
      {},
      { credential: { id: 'x' } },
      { credential: forged(), name: '' },
      { credential: forged(), extra: 1 },
    ]) {
      const answer = await call('POST', '/api/auth/passkeys/registration/verify', ana.cookie, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toEqual(expect.any(String));
    }
    expect(await rowsOf(ana)).toEqual([]);
  });

  it('another user’s challenge does not serve: the ceremony belongs to who started it', async () => {
    const ana = await createUser(ctx);
    const ben = await createUser(ctx);
    const options = await call('POST', '/api/auth/passkeys/registration/options', ana.cookie);
    const answer = await call(
      'POST',
      '/api/auth/passkeys/registration/verify',
      `${ben.cookie}; ${challengeCookie(options)}`,
      {
        credential: forged(),
      },
    );
    expect(answer.json().message).toBe(PASSKEY_MESSAGES.expired);
    expect(await rowsOf(ben)).toEqual([]);
  });

  it('a visitor is 401; an address the app does not serve has no passkeys (400)', async () => {
    const ana = await createUser(ctx);
    expect((await call('POST', '/api/auth/passkeys/registration/options')).statusCode).toBe(401);
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/registration/options',
      headers: { host: 'evil.example', cookie: ana.cookie },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(PASSKEY_MESSAGES.unavailable);
  });
});

describe('signing in with a passkey', () => {
  it('gives a visitor a challenge for any of their passkeys on this site', async () => {
    const answer = await call('POST', '/api/auth/passkeys/authentication/options');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ rpId: HOST, challenge: expect.any(String) });
    expect(answer.json().allowCredentials ?? []).toEqual([]);
    expect(challengeCookie(answer)).not.toBe('');
  });

  it('a passkey the app does not know, or a forged answer, is 401 and signs nobody in', async () => {
    const ana = await createUser(ctx);
    await storedPasskey(ana);
    const known = (await rowsOf(ana))[0]!;
    for (const credential of [forged(), forged(known.credentialId)]) {
      const options = await call('POST', '/api/auth/passkeys/authentication/options');
      const answer = await call('POST', '/api/auth/passkeys/authentication/verify', challengeCookie(options), {
        credential,
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toBe(
        credential.id === known.credentialId ? PASSKEY_MESSAGES.notVerified : PASSKEY_MESSAGES.unknown,
      );
      expect(answer.cookies.find((c) => c.name === AUTH_COOKIE)).toBeUndefined();
    }
    expect((await rowsOf(ana))[0]!.lastUsedAt).toBeNull();
  });

  it('without its challenge the answer is refused before any passkey is looked at', async () => {
    const answer = await call('POST', '/api/auth/passkeys/authentication/verify', undefined, { credential: forged() });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(PASSKEY_MESSAGES.expired);
  });
});

describe('renaming and removing', () => {
  it('renames and removes one’s own passkey; another user’s is 404 and unchanged', async () => {
    const ana = await createUser(ctx);
    const ben = await createUser(ctx);
    const id = await storedPasskey(ana, 'Old name');
    const renamed = await call('PATCH', `/api/auth/passkeys/${id}`, ana.cookie, { name: '  Work laptop  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Work laptop' });
    expect((await call('PATCH', `/api/auth/passkeys/${id}`, ben.cookie, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/auth/passkeys/${id}`, ben.cookie)).statusCode).toBe(404);
    expect((await rowsOf(ana)).map((row) => row.name)).toEqual(['Work laptop']);
    const removed = await call('DELETE', `/api/auth/passkeys/${id}`, ana.cookie);
    expect(removed.json()).toEqual({ success: true });
    expect(await rowsOf(ana)).toEqual([]);
    expect((await call('DELETE', `/api/auth/passkeys/${id}`, ana.cookie)).statusCode).toBe(404);
  });

  it('refuses a bad name or id with a message and changes nothing', async () => {
    const ana = await createUser(ctx);
    const id = await storedPasskey(ana, 'Phone');
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(PASSKEY_NAME_MAX + 1) },
      { name: 3 },
      { name: 'ok', extra: 1 },
    ]) {
      const answer = await call('PATCH', `/api/auth/passkeys/${id}`, ana.cookie, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toEqual(expect.any(String));
    }
    expect((await call('PATCH', '/api/auth/passkeys/bad%20id', ana.cookie, { name: 'x' })).statusCode).toBe(400);
    expect((await rowsOf(ana)).map((row) => row.name)).toEqual(['Phone']);
  });

  it('deleting the account removes its passkeys', async () => {
    const ana: SignedInUser = await createUser(ctx);
    await storedPasskey(ana);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: ana.cookie },
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await rowsOf(ana)).toEqual([]);
  });
});
