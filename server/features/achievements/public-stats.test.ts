import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserStats } from '../../../contract/profiles';
import type { Shro } from '../../../contract/shro-views';
import { picks, shroBoxes, shros, users } from '../../db/schema/index';
import { befriend, createShro, createUser, pickBox, type SignedInUser } from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { getUserStatsFor } from './service';

/**
 * Public counters must not show private activity (issue 10, item 16): anyone but the owner sees a
 * user's stats counted over public and link Shros only; the owner sees everything; the platform
 * total counts public and link Shros only.
 */
let ctx: TestContext;
let creator: SignedInUser;
let friend: SignedInUser;
let stranger: SignedInUser;
let picker: SignedInUser;
let quiet: SignedInUser;
let privateShro: Shro;

const statsOf = async (userId: string, cookie?: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/users/stats/${userId}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const ownStats = async (cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie } })).json();
const platformTotal = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/platform/stats' })).json().totalShros as number;

/** A stats answer: the counters given, every other one 0. */
const counters = (counts: Partial<UserStats>): UserStats => ({
  shrosCreated: 0,
  shrosParticipated: 0,
  streakDays: 0,
  consecutiveCorrect: 0,
  correctGuesses: 0,
  totalParticipants: 0,
  ...counts,
});

let totalBefore: number;

beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
  [creator, friend, stranger, picker, quiet] = (await Promise.all(
    Array.from({ length: 5 }, () => createUser(ctx)),
  )) as [SignedInUser, SignedInUser, SignedInUser, SignedInUser, SignedInUser];
  await befriend(ctx, creator, friend);
  await befriend(ctx, creator, quiet);
  totalBefore = await platformTotal();

  // The creator: one private Shro (to friend and quiet), one link Shro, one public Shro.
  privateShro = await createShro(ctx, creator.cookie, {
    title: 'Private',
    isShareable: false,
    recipients: [friend.id, quiet.id],
    winningBoxPosition: 1,
  });
  const link = await createShro(ctx, creator.cookie, { title: 'Link', isShareable: true, winningBoxPosition: 2 });
  const publicShro = await createShro(ctx, creator.cookie, { title: 'Public', isShareable: false, isPublic: true });

  // friend: a wrong pick in the link Shro, then a right one in the private Shro.
  await pickBox(ctx, friend.cookie, link, 1);
  await pickBox(ctx, friend.cookie, privateShro, 1);
  // picker: public activity only.
  await pickBox(ctx, picker.cookie, link, 2);
  await pickBox(ctx, picker.cookie, publicShro, 3);
  // quiet: private activity only.
  await pickBox(ctx, quiet.cookie, privateShro, 1);
});
afterAll(() => ctx?.close());

describe('GET /api/users/stats/:id', () => {
  it('the owner sees every Shro they created and every participant', async () => {
    const expected = counters({ shrosCreated: 3, streakDays: 1, totalParticipants: 5 });
    expect(await statsOf(creator.id, creator.cookie)).toEqual(expected);
    expect(await ownStats(creator.cookie)).toEqual(expected);
  });

  it('a stranger, a visitor and even a recipient friend see the creator’s public and link Shros only', async () => {
    const expected = counters({ shrosCreated: 2, streakDays: 1, totalParticipants: 3 });
    expect(await statsOf(creator.id, stranger.cookie)).toEqual(expected);
    expect(await statsOf(creator.id)).toEqual(expected);
    expect(await statsOf(creator.id, friend.cookie)).toEqual(expected);
  });

  it('a picker’s private picks and guesses are theirs to see only', async () => {
    expect(await statsOf(friend.id, friend.cookie)).toEqual(
      counters({ shrosParticipated: 2, streakDays: 1, consecutiveCorrect: 1, correctGuesses: 1 }),
    );
    expect(await statsOf(friend.id, stranger.cookie)).toEqual(counters({ shrosParticipated: 1, streakDays: 1 }));
  });

  it('someone active only in private shows nothing at all to others, not even a streak', async () => {
    const own = await statsOf(quiet.id, quiet.cookie);
    expect(own).toMatchObject({ shrosParticipated: 1, correctGuesses: 1, consecutiveCorrect: 1, streakDays: 1 });
    const seen = counters({});
    expect(await statsOf(quiet.id, stranger.cookie)).toEqual(seen);
    expect(await statsOf(quiet.id)).toEqual(seen);
  });

  it('public activity counts the same for everyone', async () => {
    const expected = counters({ shrosParticipated: 2, streakDays: 1, consecutiveCorrect: 1, correctGuesses: 1 });
    expect(await statsOf(picker.id, picker.cookie)).toEqual(expected);
    expect(await statsOf(picker.id, stranger.cookie)).toEqual(expected);
  });

  it('an unknown user is still a 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/users/stats/nobody-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'User not found', code: expect.any(String) });
  });
});

describe('GET /api/platform/stats', () => {
  it('counts public and link Shros, not private ones', async () => {
    expect((await platformTotal()) - totalBefore).toBe(2);
    // Another private Shro moves nothing.
    await createShro(ctx, creator.cookie, { title: 'Private again', isShareable: false, recipients: [friend.id] });
    expect((await platformTotal()) - totalBefore).toBe(2);
    expect(privateShro.isPublic || privateShro.isShareable).toBe(false);
  });
});

describe('the public streak: days with a public or link Shro created or opened, in the user’s zone', () => {
  /** A Shro by `creatorId` created at `iso`, and optionally a pick of it by `pickerId` at `pickedAt`. */
  async function shroAt(creatorId: string, iso: string, visibility: 'public' | 'link' | 'private') {
    const id = randomUUID();
    await ctx.database.db.insert(shros).values({
      id,
      title: `at ${iso}`,
      type: 'text',
      creatorId,
      isPublic: visibility === 'public',
      isShareable: visibility === 'link',
      createdAt: new Date(iso),
    });
    const [box] = await ctx.database.db
      .insert(shroBoxes)
      .values({ shroId: id, position: 1, textContent: 'a', salt: 's', commitment: 'c' })
      .returning();
    return { id, boxId: box!.id };
  }
  async function pickAt(userId: string, shro: { id: string; boxId: number }, iso: string, isCorrect: boolean | null) {
    await ctx.database.db
      .insert(picks)
      .values({ shroId: shro.id, userId, boxId: shro.boxId, isCorrect, createdAt: new Date(iso) });
  }

  it('counts consecutive local days up to today or yesterday; private days neither count nor bridge a gap', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    // Paris is UTC+1 in January: 23:30Z on the 9th is already the 10th there.
    await ctx.database.db.update(users).set({ timeZone: 'Europe/Paris' }).where(eq(users.id, user.id));
    await shroAt(user.id, '2026-01-07T12:00:00Z', 'public');
    await pickAt(user.id, await shroAt(other.id, '2026-01-01T00:00:00Z', 'private'), '2026-01-08T12:00:00Z', true);
    await pickAt(user.id, await shroAt(other.id, '2026-01-01T00:00:00Z', 'link'), '2026-01-09T23:30:00Z', false);
    await shroAt(user.id, '2026-01-11T09:00:00Z', 'link');
    await pickAt(user.id, await shroAt(other.id, '2026-01-01T00:00:00Z', 'public'), '2026-01-11T10:00:00Z', true);

    const at = (iso: string) => getUserStatsFor(ctx.database.db, user.id, other.id, new Date(iso));
    // The 10th (Paris) and the 11th: two days; the 8th was private, so the 7th stands apart.
    expect(await at('2026-01-11T20:00:00Z')).toEqual(
      counters({ shrosCreated: 2, shrosParticipated: 2, streakDays: 2, consecutiveCorrect: 1, correctGuesses: 1 }),
    );
    expect((await at('2026-01-12T20:00:00Z')).streakDays).toBe(2);
    // A whole day missed: the streak reads 0.
    expect((await at('2026-01-13T23:30:00Z')).streakDays).toBe(0);
    // The owner's own view is the stored counters (none were bumped by these direct inserts).
    expect((await getUserStatsFor(ctx.database.db, user.id, user.id)).shrosCreated).toBe(0);
  });
});
