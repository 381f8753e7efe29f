import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserAchievement } from '../../../contract/achievements';
import type { Shro } from '../../../contract/shros';
import { analyticsEvents, userAchievements } from '../../db/schema/index';
import { multipart } from '../../test/multipart';
import { createSignedInUser, type TestContext } from '../../test/test-app';
import { getAchievements } from './service';
import { bumpStats } from './stats';
import {
  achievementOf,
  achievementsOf,
  createEngineTestApp,
  createShro,
  seedStats,
  selectBox,
  share,
  statsRow,
  unlockNotifications,
} from './test-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createEngineTestApp();
});
afterAll(() => ctx.close());

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
const newUser = () => createSignedInUser(ctx);

/** The achievement catalogue of docs/product.md §9, with the product term in the names. */
const CATALOGUE = [
  ['first-shro', 'First Shro', 'common', 'creative', 1],
  ['shro-master', 'Shro Master', 'rare', 'creative', 10],
  ['popular-choice', 'Popular Choice', 'rare', 'social', 10],
  ['curious-mind', 'Curious Mind', 'common', 'participation', 1],
  ['lucky-guesser', 'Lucky Guesser', 'rare', 'participation', 5],
  ['box-breaker', 'Box Breaker', 'epic', 'participation', 100],
  ['daily-shroer', 'Daily Shroer', 'rare', 'streak', 3],
  ['weekly-warrior', 'Weekly Warrior', 'epic', 'streak', 7],
  ['monthly-master', 'Monthly Master', 'legendary', 'streak', 30],
  ['artist', 'Artist', 'rare', 'creative', 10],
  ['storyteller', 'Storyteller', 'rare', 'creative', 10],
  ['trendsetter', 'Trendsetter', 'epic', 'social', 20],
] as const;

const nameOf = (id: string) => CATALOGUE.find((c) => c[0] === id)![1];

async function notificationsFor(user: SignedIn, id: string) {
  const all = await unlockNotifications(ctx, user.user.id);
  return all.filter((n) => n.message.includes(`${nameOf(id)}:`));
}

/**
 * Runs `act` step by step from `from + 1` to one past the requirement and checks the achievement
 * after each: locked with the exact progress before the requirement, unlocked (with `unlockedAt`
 * and exactly one notification) at it, and unchanged by the step after.
 */
async function expectUnlocksExactlyAt(user: SignedIn, id: string, act: (step: number) => Promise<unknown>, from = 0) {
  const requirement = CATALOGUE.find((c) => c[0] === id)![4];
  let unlockedAt: string | null = null;
  for (let step = from + 1; step <= requirement + 1; step++) {
    await act(step);
    const achievement = await achievementOf(ctx, user.cookie, id);
    const notes = await notificationsFor(user, id);
    if (step < requirement) {
      expect(achievement, `${id} after ${step}`).toMatchObject({ isUnlocked: false, unlockedAt: null, progress: step });
      expect(notes, `${id} notifications after ${step}`).toHaveLength(0);
    } else {
      expect(achievement, `${id} after ${step}`).toMatchObject({ isUnlocked: true, progress: requirement });
      expect(achievement.unlockedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      if (step === requirement) unlockedAt = achievement.unlockedAt;
      else expect(achievement.unlockedAt, 'unlocked once').toBe(unlockedAt);
      expect(notes, `${id} notifications after ${step}`).toEqual([
        { title: 'Achievement Unlocked!', message: expect.stringContaining(nameOf(id)) },
      ]);
    }
  }
}

async function smallPng(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: { r: seed % 255, g: 80, b: 160 } } })
    .png()
    .toBuffer();
}

async function createImageShro(user: SignedIn, seed: number) {
  const files = await Promise.all(
    [0, 1].map(async (i) => ({
      field: 'images',
      data: await smallPng(seed * 2 + i),
      filename: `p${i}.png`,
      type: 'image/png',
    })),
  );
  const body = await multipart({ title: `Pics ${seed}`, type: 'image', isShareable: 'true' }, files);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/sessions',
    payload: body.payload,
    headers: { ...body.headers, cookie: user.cookie },
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe('GET /api/achievements', () => {
  it('needs a signed-in user', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/achievements' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('lists the whole catalogue of 12 in order, locked with zero progress for a new user', async () => {
    const user = await newUser();
    const list = await achievementsOf(ctx, user.cookie);
    expect(
      list.map((a) => [
        a.id,
        a.achievement.name,
        a.achievement.rarity,
        a.achievement.category,
        a.achievement.requirement,
      ]),
    ).toEqual(CATALOGUE.map((c) => [...c]));
    for (const entry of list) {
      expect(Object.keys(entry).sort()).toEqual(['achievement', 'id', 'isUnlocked', 'progress', 'unlockedAt']);
      expect(Object.keys(entry.achievement).sort()).toEqual([
        'category',
        'description',
        'icon',
        'name',
        'rarity',
        'requirement',
      ]);
      expect(entry).toMatchObject({ isUnlocked: false, unlockedAt: null, progress: 0 });
      expect(entry.achievement.icon.length).toBeGreaterThan(0);
      expect(entry.achievement.description.length).toBeGreaterThan(0);
    }
  });
});

describe('each achievement unlocks exactly at its requirement, once, with one notification', () => {
  it('First Shro: the first create', async () => {
    const user = await newUser();
    await expectUnlocksExactlyAt(user, 'first-shro', () => createShro(ctx, user.cookie));
  });

  it('Shro Master: the tenth create (any type)', async () => {
    const user = await newUser();
    await expectUnlocksExactlyAt(user, 'shro-master', (step) =>
      createShro(ctx, user.cookie, step % 2 ? {} : { isShareable: false, isPublic: true }),
    );
  });

  it('Storyteller: the tenth text Shro; image and movie Shros do not count', async () => {
    const user = await newUser();
    await createImageShro(user, 1);
    await createShro(ctx, user.cookie, {
      type: 'movie',
      textOptions: undefined,
      tmdbOptions: [{ tmdbData: { id: 27205, title: 'Inception' } }],
    });
    expect(await achievementOf(ctx, user.cookie, 'storyteller')).toMatchObject({ progress: 0 });
    await expectUnlocksExactlyAt(user, 'storyteller', () => createShro(ctx, user.cookie));
  });

  it('Artist: the tenth image Shro; text Shros do not count', async () => {
    const user = await newUser();
    await createShro(ctx, user.cookie);
    expect(await achievementOf(ctx, user.cookie, 'artist')).toMatchObject({ progress: 0 });
    await expectUnlocksExactlyAt(user, 'artist', (step) => createImageShro(user, step));
  });

  it('Curious Mind: the first box opened', async () => {
    const creator = await newUser();
    const user = await newUser();
    await expectUnlocksExactlyAt(user, 'curious-mind', async () =>
      selectBox(ctx, user.cookie, await createShro(ctx, creator.cookie), 1),
    );
  });

  it('Box Breaker: the hundredth box opened', async () => {
    const creator = await newUser();
    const user = await newUser();
    // 97 earlier picks stand in for a long history; the last three go through the API.
    await seedStats(ctx, user.user.id, { shrosParticipated: 97 });
    await expectUnlocksExactlyAt(
      user,
      'box-breaker',
      async () => selectBox(ctx, user.cookie, await createShro(ctx, creator.cookie), 2),
      97,
    );
  });

  it('Lucky Guesser: five winning picks in a row; a wrong pick starts the run again', async () => {
    const creator = await newUser();
    const user = await newUser();
    const pick = async (correct: boolean) =>
      selectBox(ctx, user.cookie, await createShro(ctx, creator.cookie, { winningBoxPosition: 3 }), correct ? 3 : 1);
    await pick(true);
    await pick(true);
    await pick(true);
    expect(await achievementOf(ctx, user.cookie, 'lucky-guesser')).toMatchObject({ isUnlocked: false, progress: 3 });
    await pick(false);
    expect(await achievementOf(ctx, user.cookie, 'lucky-guesser')).toMatchObject({ isUnlocked: false, progress: 0 });
    // A Shro without a winning box neither extends nor breaks the run.
    await selectBox(ctx, user.cookie, await createShro(ctx, creator.cookie), 2);
    await expectUnlocksExactlyAt(user, 'lucky-guesser', () => pick(true));
    // A wrong pick after unlocking does not take it back.
    await pick(false);
    expect(await achievementOf(ctx, user.cookie, 'lucky-guesser')).toMatchObject({ isUnlocked: true, progress: 5 });
    expect((await statsRow(ctx, user.user.id))!.consecutiveCorrect).toBe(0);
  });

  it('Popular Choice: the tenth participant across the creator’s Shros', async () => {
    const creator = await newUser();
    const first = await createShro(ctx, creator.cookie, { isShareable: false, isPublic: true });
    const second = await createShro(ctx, creator.cookie);
    const pickers: SignedIn[] = [];
    for (let i = 0; i < 11; i++) pickers.push(await newUser());
    await expectUnlocksExactlyAt(creator, 'popular-choice', (step) =>
      selectBox(ctx, pickers[step - 1]!.cookie, step % 2 ? first : second, (step % 4) + 1),
    );
  });

  it('Trendsetter: the twentieth counted share of the creator’s Shros; repeats by one person count once', async () => {
    const creator = await newUser();
    const friend = await newUser();
    const shros: Shro[] = [];
    for (let i = 0; i < 5; i++) shros.push(await createShro(ctx, creator.cookie));
    await seedStats(ctx, creator.user.id, { shares: 16 });

    const own = await share(ctx, creator.cookie, shros[0]!.id);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ success: true, counted: true, shareCount: 1 });
    const again = await share(ctx, creator.cookie, shros[0]!.id);
    expect(again.json()).toEqual({ success: true, counted: false, shareCount: 1 });
    expect(await achievementOf(ctx, creator.cookie, 'trendsetter')).toMatchObject({ isUnlocked: false, progress: 17 });

    // Someone else sharing the creator's Shro counts for the creator, not for them.
    const sharers = [friend.cookie, creator.cookie, friend.cookie, creator.cookie];
    await expectUnlocksExactlyAt(
      creator,
      'trendsetter',
      async (step) => {
        const response = await share(ctx, sharers[step - 18]!, shros[step - 17]!.id);
        expect(response.json()).toMatchObject({ counted: true });
      },
      17,
    );
    expect((await statsRow(ctx, friend.user.id))?.shares ?? 0).toBe(0);
  });

  it('Daily Shroer, Weekly Warrior and Monthly Master: 3, 7 and 30 days in a row', async () => {
    const user = await newUser();
    const ids = ['daily-shroer', 'weekly-warrior', 'monthly-master'] as const;
    const start = Date.UTC(2026, 0, 1, 15);
    const unlockedAt: Record<string, string> = {};
    for (let day = 1; day <= 31; day++) {
      const now = new Date(start + (day - 1) * 86_400_000);
      await ctx.database.db.transaction((tx) => bumpStats(tx, user.user.id, {}, { activity: true, now }));
      // A second activity the same day changes nothing.
      await ctx.database.db.transaction((tx) =>
        bumpStats(tx, user.user.id, {}, { activity: true, now: new Date(now.getTime() + 3_600_000) }),
      );
      const list = await getAchievements(ctx.database.db, user.user.id, now);
      for (const id of ids) {
        const requirement = CATALOGUE.find((c) => c[0] === id)![4];
        const entry = list.find((a) => a.id === id) as UserAchievement;
        const notes = await notificationsFor(user, id);
        if (day < requirement) {
          expect(entry, `${id} on day ${day}`).toMatchObject({ isUnlocked: false, progress: day });
          expect(notes).toHaveLength(0);
        } else {
          expect(entry, `${id} on day ${day}`).toMatchObject({ isUnlocked: true, progress: requirement });
          unlockedAt[id] ??= entry.unlockedAt!;
          expect(entry.unlockedAt).toBe(unlockedAt[id]);
          expect(notes).toHaveLength(1);
        }
      }
    }
    expect(unlockedAt['daily-shroer']).toBe(new Date(start + 2 * 86_400_000).toISOString());
    expect(unlockedAt['monthly-master']).toBe(new Date(start + 29 * 86_400_000).toISOString());
    expect((await statsRow(ctx, user.user.id))!.streakDays).toBe(31);
  });
});

describe('the engine under concurrency', () => {
  it('concurrent creates unlock First Shro once', async () => {
    const user = await newUser();
    const results = await Promise.all(Array.from({ length: 6 }, () => createShro(ctx, user.cookie)));
    expect(results).toHaveLength(6);
    expect((await statsRow(ctx, user.user.id))!.shrosCreated).toBe(6);
    expect(await notificationsFor(user, 'first-shro')).toHaveLength(1);
    expect(await achievementOf(ctx, user.cookie, 'first-shro')).toMatchObject({ isUnlocked: true, progress: 1 });
  });

  it('concurrent transactions crossing the requirement unlock once', async () => {
    const user = await newUser();
    await seedStats(ctx, user.user.id, { shares: 15 });
    await Promise.all(
      Array.from({ length: 10 }, () => ctx.database.db.transaction((tx) => bumpStats(tx, user.user.id, { shares: 1 }))),
    );
    expect((await statsRow(ctx, user.user.id))!.shares).toBe(25);
    expect(await notificationsFor(user, 'trendsetter')).toHaveLength(1);
    const rows = await ctx.database.db.select().from(userAchievements).where(eq(userAchievements.userId, user.user.id));
    expect(rows.find((r) => r.achievementId === 'trendsetter')).toMatchObject({ progress: 20 });
  });

  it('concurrent picks on each other’s Shros by two people do not deadlock', async () => {
    const a = await newUser();
    const b = await newUser();
    for (let round = 0; round < 4; round++) {
      const [ofA, ofB] = await Promise.all([createShro(ctx, a.cookie), createShro(ctx, b.cookie)]);
      await Promise.all([selectBox(ctx, b.cookie, ofA, 1), selectBox(ctx, a.cookie, ofB, 2)]);
    }
    expect(await statsRow(ctx, a.user.id)).toMatchObject({ shrosParticipated: 4, totalParticipants: 4 });
    expect(await statsRow(ctx, b.user.id)).toMatchObject({ shrosParticipated: 4, totalParticipants: 4 });
  });
});

describe('unlocks are recorded', () => {
  it('as a gamification analytics event, and the stats agree with the achievements', async () => {
    const user = await newUser();
    await createShro(ctx, user.cookie);
    const events = await ctx.database.db
      .select({ name: analyticsEvents.name, category: analyticsEvents.category, label: analyticsEvents.label })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, user.user.id));
    expect(events).toEqual([{ name: 'achievement_unlocked', category: 'gamification', label: 'first-shro' }]);

    const stats = await ctx.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie: user.cookie } });
    expect(stats.json()).toEqual({
      shrosCreated: 1,
      shrosParticipated: 0,
      streakDays: 1,
      consecutiveCorrect: 0,
      correctGuesses: 0,
      totalParticipants: 0,
    });
    expect(await achievementOf(ctx, user.cookie, 'daily-shroer')).toMatchObject({ progress: 1 });
  });

  it('a lapsed streak reads 0 in both /api/stats and the streak achievements', async () => {
    const user = await newUser();
    await seedStats(ctx, user.user.id, { streakDays: 2, lastActiveDay: '2020-01-01' });
    const stats = await ctx.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie: user.cookie } });
    expect(stats.json()).toMatchObject({ streakDays: 0 });
    expect(await achievementOf(ctx, user.cookie, 'daily-shroer')).toMatchObject({ progress: 0, isUnlocked: false });
  });
});
