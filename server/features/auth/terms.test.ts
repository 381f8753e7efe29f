import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_OUTDATED_MESSAGE, TERMS_REQUIRED_MESSAGE, TERMS_VERSION } from '../../../contract/terms';
import { users } from '../../db/schema/index';
import { createShro, createUser, getShro } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/** Registration requires the terms; older accounts accept them once (docs/decisions/113-terms-acceptance.md). */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const userCount = async () => (await ctx.database.db.select({ n: count() }).from(users))[0]!.n;
const rowOf = async (id: string) => (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;

const registration = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  email: `${username}@example.com`,
  password: 'hunter22',
  confirmPassword: 'hunter22',
  acceptTerms: true,
  ...extra,
});
const register = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/register', payload });
const acceptTerms = (cookie: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/accept-terms',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const currentUser = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

describe('POST /api/register and the terms', () => {
  it('stores when the terms were accepted and which version', async () => {
    const before = Date.now();
    const response = await register(registration('terms_ok'));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ username: 'terms_ok', mustAcceptTerms: false });
    const row = await rowOf(response.json().id);
    expect(row.termsVersion).toBe(TERMS_VERSION);
    expect(row.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.termsAcceptedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it.each([
    ['missing', {}],
    ['false', { acceptTerms: false }],
    ['the string "true"', { acceptTerms: 'true' }],
    ['1', { acceptTerms: 1 }],
    ['null', { acceptTerms: null }],
  ])('refuses acceptTerms %s with a clear 400 and creates nothing', async (_name, extra) => {
    const before = await userCount();
    const payload: Record<string, unknown> = { ...registration('terms_no'), ...extra };
    if (!('acceptTerms' in extra)) delete payload.acceptTerms;
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: TERMS_REQUIRED_MESSAGE, code: expect.any(String) });
    expect(response.cookies).toEqual([]);
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/auth/accept-terms', () => {
  it('asks an account older than the terms once, then never again', async () => {
    const old = await createUser(ctx, { termsAcceptedAt: null, termsVersion: null });
    expect((await currentUser(old.cookie)).json()).toMatchObject({ id: old.id, mustAcceptTerms: true });

    const accepted = await acceptTerms(old.cookie, { version: TERMS_VERSION });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: old.id, mustAcceptTerms: false });
    expect(accepted.json()).not.toHaveProperty('passwordHash');
    const row = await rowOf(old.id);
    expect(row.termsVersion).toBe(TERMS_VERSION);
    expect(row.termsAcceptedAt).toBeInstanceOf(Date);
    // The cached signed-in user follows at once.
    expect((await currentUser(old.cookie)).json()).toMatchObject({ mustAcceptTerms: false });
  });

  it("reloads only that user's cached session: cached Shros stay cached", async () => {
    const creator = await createUser(ctx);
    const shro = await createShro(ctx, creator.cookie);
    expect((await getShro(ctx, shro.id)).statusCode).toBe(200);
    const old = await createUser(ctx, { termsAcceptedAt: null, termsVersion: null });
    expect((await acceptTerms(old.cookie, { version: TERMS_VERSION })).statusCode).toBe(200);
    // The Shro read above is still in the cache: reading it again does not load it.
    let loads = 0;
    await ctx.app.shroCache.aggregate(shro.id, async () => {
      loads++;
      return undefined;
    });
    expect(loads).toBe(0);
    expect((await currentUser(old.cookie)).json()).toMatchObject({ mustAcceptTerms: false });
  });

  it('asks again an account that accepted an older version', async () => {
    const earlier = await createUser(ctx, {
      termsAcceptedAt: new Date('2025-06-16T00:00:00Z'),
      termsVersion: '2025-06-16',
    });
    expect((await currentUser(earlier.cookie)).json()).toMatchObject({ mustAcceptTerms: true });
    expect((await acceptTerms(earlier.cookie, { version: TERMS_VERSION })).statusCode).toBe(200);
    expect((await rowOf(earlier.id)).termsVersion).toBe(TERMS_VERSION);
  });

  it('does not ask an account that accepted the current terms', async () => {
    const current = await createUser(ctx);
    expect((await currentUser(current.cookie)).json()).toMatchObject({ mustAcceptTerms: false });
  });

  it.each([
    ['an older version', { version: '2025-06-16' }, TERMS_OUTDATED_MESSAGE],
    ['an empty version', { version: '' }, TERMS_OUTDATED_MESSAGE],
    ['a too long version', { version: 'x'.repeat(60) }, TERMS_OUTDATED_MESSAGE],
    ['no version', {}, 'version is required'],
    ['a number', { version: 20261122 }, 'version is required'],
    ['an unknown field', { version: TERMS_VERSION, acceptTerms: true }, 'Unknown field "acceptTerms".'],
  ])('refuses %s with a clear 400 and records nothing', async (_name, payload, message) => {
    const old = await createUser(ctx, { termsAcceptedAt: null, termsVersion: null });
    const response = await acceptTerms(old.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: expect.any(String) });
    const row = await rowOf(old.id);
    expect(row.termsAcceptedAt).toBeNull();
    expect(row.termsVersion).toBeNull();
  });

  it('needs a signed-in user', async () => {
    const response = await acceptTerms(undefined, { version: TERMS_VERSION });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
  });
});
