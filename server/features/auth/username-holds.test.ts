import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERNAME_TAKEN_MESSAGE } from '../../../contract/auth';
import { filterSafe } from '../../../tests/support/filter-safe';
import { usernameHolds, users } from '../../db/schema/index';
import { createUser, type SignedInUser } from '../../test/factories';
import { createTestApp, type TestContext, withoutRateLimits } from '../../test/test-app';
import { holdReleasedUsername } from './username-holds';

/** A released username is kept from everyone else for 30 days (docs/decisions/111-cooling-off-periods.md). */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(withoutRateLimits);
});
afterAll(() => ctx.close());

let n = 0;
/** Unique, and never a name the word filter refuses (random letters sometimes spell a listed word). */
const fresh = (prefix: string) => filterSafe(() => `${prefix}_${Date.now().toString(36)}${n++}`);
const rename = (who: SignedInUser, username: string) =>
  ctx.app.inject({ method: 'PUT', url: '/api/auth/username', headers: { cookie: who.cookie }, payload: { username } });
const editProfile = (who: SignedInUser, username: string) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie: who.cookie }, payload: { username } });
const register = (username: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      username,
      email: `${username}@example.com`,
      password: 'secret123',
      confirmPassword: 'secret123',
      acceptTerms: true,
    },
  });
const expectTaken = (response: { statusCode: number; json(): unknown }) =>
  expect([response.statusCode, response.json()]).toEqual([
    409,
    { message: USERNAME_TAKEN_MESSAGE, code: expect.any(String) },
  ]);
const usernameOf = async (id: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!.username;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const ageHolds = () => ctx.database.db.update(usernameHolds).set({ heldUntil: new Date(Date.now() - 1000) });

describe('released usernames', () => {
  it('after a rename, nobody else may take the old name (any case), by register, rename or profile edit', async () => {
    const old = fresh('ada');
    const owner = await createUser(ctx, { username: old });
    const other = await createUser(ctx);
    expect((await rename(owner, fresh('countess'))).statusCode).toBe(200);
    expectTaken(await register(old.toUpperCase()));
    expectTaken(await rename(other, old));
    expectTaken(await editProfile(other, old.toUpperCase()));
    expect(await usernameOf(other.id)).toBe(other.username);
  });

  it('the previous owner takes it back, and then the name they left is held for them', async () => {
    const old = fresh('grace');
    const owner = await createUser(ctx, { username: old });
    const other = await createUser(ctx);
    const interim = fresh('hopper');
    expect((await editProfile(owner, interim)).statusCode).toBe(200);
    const back = await rename(owner, old.toUpperCase());
    expect(back.statusCode).toBe(200);
    expect(back.json().username).toBe(old.toUpperCase());
    expectTaken(await rename(other, interim));
    // A change of case releases nothing.
    expect((await rename(owner, old)).statusCode).toBe(200);
    expect((await rename(other, fresh('free'))).statusCode).toBe(200);
  });

  it('two renames at once (either route): the account ends with one name, and every name it left is held', async () => {
    for (const [first, second] of [
      [rename, rename],
      [rename, editProfile],
      [editProfile, editProfile],
    ] as const) {
      const start = fresh('race');
      const owner = await createUser(ctx, { username: start });
      const other = await createUser(ctx);
      const [a, b] = [fresh('race_a'), fresh('race_b')];
      const answers = await Promise.all([first(owner, a), second(owner, b)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const final = await usernameOf(owner.id);
      expect([a, b]).toContain(final);
      for (const left of [start, a, b].filter((name) => name !== final)) expectTaken(await rename(other, left));
      expect(await usernameOf(other.id)).toBe(other.username);
    }
  });

  it('after 30 days the name is free for anyone', async () => {
    const old = fresh('linus');
    const owner = await createUser(ctx, { username: old });
    expect((await rename(owner, fresh('torvalds'))).statusCode).toBe(200);
    expectTaken(await register(old));
    await ageHolds();
    expect((await register(old)).statusCode).toBe(201);
  });

  it('holdReleasedUsername (account deletion): the name stays held after the account is gone, stored only as a keyed hash', async () => {
    const name = fresh('gone');
    const user = await createUser(ctx, { username: name, signedIn: false });
    await holdReleasedUsername(ctx.database.db, ctx.app.nameHash, name, user.id);
    await ctx.database.db.delete(users).where(eq(users.id, user.id));
    const rows = await ctx.database.db.select().from(usernameHolds);
    expect(JSON.stringify(rows).toLowerCase()).not.toContain(name.toLowerCase());
    // Not the plain SHA-256 either, which anyone could test guessed names against (decision 126).
    expect(JSON.stringify(rows)).not.toContain(sha256(name.toLowerCase()));
    expect(rows.map((row) => row.usernameHash)).toContain(ctx.app.nameHash(name));
    expect(rows.some((row) => row.userId === null)).toBe(true);
    expectTaken(await register(name));
  });
});
