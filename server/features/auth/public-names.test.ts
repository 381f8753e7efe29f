import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_FILTER_MESSAGES } from '../../../contract/content-filter';
import { users } from '../../db/schema/index';
import { createUser } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Usernames and names everyone sees are checked against the word list: an objectionable one is
 * refused with a clear 400 and nothing changes (docs/decisions/112-objectionable-content-filter.md).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const userCount = async () => (await ctx.database.db.select({ n: count() }).from(users))[0]!.n;
const rowOf = async (id: string) => (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;

const register = (fields: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      username: 'fine_name',
      email: 'someone@example.com',
      password: 'hunter22',
      confirmPassword: 'hunter22',
      acceptTerms: true,
      ...fields,
    },
  });

describe('POST /api/register', () => {
  it.each([
    ['username', { username: 'fuck_you' }, CONTENT_FILTER_MESSAGES.username],
    ['leetspeak username', { username: 'sh1tlord' }, CONTENT_FILTER_MESSAGES.username],
    ['first name', { firstName: 'B1tch' }, CONTENT_FILTER_MESSAGES.firstName],
    ['last name', { lastName: 'Dickhead' }, CONTENT_FILTER_MESSAGES.lastName],
  ])('refuses an objectionable %s and creates nothing', async (_name, fields, message) => {
    const before = await userCount();
    const response = await register(fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: expect.any(String) });
    expect(response.cookies).toEqual([]);
    expect(await userCount()).toBe(before);
  });

  it('accepts ordinary names the list could mistake (Scunthorpe problem)', async () => {
    const response = await register({ username: 'scunthorpe_fan', firstName: 'Dick', lastName: 'Cummings' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ username: 'scunthorpe_fan', firstName: 'Dick', lastName: 'Cummings' });
  });
});

describe('PUT /api/auth/username', () => {
  it('refuses an objectionable username and keeps the old one', async () => {
    const user = await createUser(ctx, { username: 'rename_me' });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/username',
      headers: { cookie: user.cookie },
      payload: { username: 'b1tch.queen' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: CONTENT_FILTER_MESSAGES.username, code: expect.any(String) });
    expect((await rowOf(user.id)).username).toBe('rename_me');
  });

  it('accepts an ordinary username', async () => {
    const user = await createUser(ctx);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/username',
      headers: { cookie: user.cookie },
      payload: { username: 'assassin_creed' },
    });
    expect(response.statusCode).toBe(200);
    expect((await rowOf(user.id)).username).toBe('assassin_creed');
  });
});

describe('PATCH /api/profile', () => {
  const patch = (cookie: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload });

  it.each([
    ['username', { username: 'fvck_off' }, CONTENT_FILTER_MESSAGES.username],
    ['first name', { firstName: 'Pussy' }, CONTENT_FILTER_MESSAGES.firstName],
    ['last name', { firstName: 'Ada', lastName: 'Sh1t' }, CONTENT_FILTER_MESSAGES.lastName],
  ])('refuses an objectionable %s and changes nothing', async (_name, fields, message) => {
    const user = await createUser(ctx, { firstName: 'Grace', lastName: 'Hopper' });
    const response = await patch(user.cookie, fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: expect.any(String) });
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ username: user.username, firstName: 'Grace', lastName: 'Hopper' });
  });

  it('accepts ordinary names, and an edit that leaves the names alone', async () => {
    const user = await createUser(ctx);
    const response = await patch(user.cookie, { firstName: 'Emily', lastName: 'Dickinson' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Emily', lastName: 'Dickinson' });
    expect((await patch(user.cookie, { removeProfileImage: 'true' })).statusCode).toBe(200);
  });
});
