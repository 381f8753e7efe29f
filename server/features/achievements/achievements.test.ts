import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserAchievement } from '../../../contract/achievements';
import type { Shro } from '../../../contract/shro-views';
import { analyticsEvents, userAchievements } from '../../db/schema/index';
import {
  createShro,
  createUser,
  notificationsOf,
  pickBox,
  png,
  type SignedInUser,
  seedStats,
  share,
  statsRow,
} from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { getAchievements } from './service';
import { bumpStats } from './stats';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
});
afterAll(() => ctx.close());

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

async function achievementsOf(cookie: string): Promise<UserAchievement[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/achievements', headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`achievements failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function achievementOf(cookie: string, id: string): Promise<UserAchievement> {
  const found = (await achievementsOf(cookie)).find((a) => a.id === id);
  if (!found) throw new Error(`no achievement ${id}`);
  return found;
}

/** The user's unlock notifications for achievement `id`, as title and message. */
async function notificationsFor(user: SignedInUser, id: string) {
  const all = (await notificationsOf(ctx, user.id, 'achievement_unlocked')).map(({ title, message }) => ({
    title,
    message,
  }));
  return all.filter((n) => n.message.includes(`${nameOf(id)}:`));
}

/**
 * Runs `act` step by step from `from + 1` to one past the requirement and checks the achievement
 * after each: locked with the exact progress before the requirement, unlocked (with `unlockedAt`
 * and exactly one notification) at it, and unchanged by the step after.
 */
async function expectUnlocksExactlyAt(
  user: SignedInUser,
  id: string,
  act: (step: number) => Promise<unknown>,
  from = 0,
) {
  const requirement = CATALOGUE.find((c) => c[0] === id)![4];
  let unlockedAt: string | null = null;
  for (let step = from + 1; step <= requirement + 1; step++) {
    await act(step);
    const achievement = await achievementOf(user.cookie, id);
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

/** Two small PNGs, different for each seed. */
const twoPngs = (seed: number) =>
  Promise.all([0, 1].map((i) => png(16, 16, { r: (seed * 2 + i) % 255, g: 80, b: 160 })));

describe('GET /api/achievements', () => {
  it('needs a signed-in user', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/achievements' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized', code: expect.any(String) });
  });

  it('lists the whole catalogue of 12 in order, locked with zero progress for a new user', async () => {
    const user = await createUser(ctx);
    const list = await achievementsOf(user.cookie);
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
    const user = await createUser(ctx);
    await expectUnlocksExactlyAt(user, 'first-shro', () => createShro(ctx, user.cookie));
  });

  it('Shro Master: the tenth create (any type)', async () => {
    const user = await createUser(ctx);
    await expectUnlocksExactlyAt(user, 'shro-master', (step) =>
      createShro(ctx, user.cookie, step % 2 ? {} : { isShareable: false, isPublic: true }),
    );
  });

  it('Storyteller: the tenth text Shro; image and movie Shros do not count', async () => {
    const user = await createUser(ctx);
    await createShro(ctx, user.cookie, { title: 'Pics 1' }, await twoPngs(1));
    await createShro(ctx, user.cookie, {
      type: 'movie',
      textOptions: undefined,
      tmdbOptions: [{ tmdbData: { id: 27205, title: 'Inception' } }],
    });
    expect(await achievementOf(user.cookie, 'storyteller')).toMatchObject({ progress: 0 });
    await expectUnlocksExactlyAt(user, 'storyteller', () => createShro(ctx, user.cookie));
  });

  it('Artist: the tenth image Shro; text Shros do not count', async () => {
    const user = await createUser(ctx);
    await createShro(ctx, user.cookie);
    expect(await achievementOf(user.cookie, 'artist')).toMatchObject({ progress: 0 });
    await expectUnlocksExactlyAt(user, 'artist', async (step) =>
      createShro(ctx, user.cookie, { title: `Pics ${step}` }, await twoPngs(step)),
    );
  });

  it('Curious Mind: the first box opened', async () => {
    const creator = await createUser(ctx);
    const user = await createUser(ctx);
    await expectUnlocksExactlyAt(user, 'curious-mind', async () =>
      pickBox(ctx, user.cookie, await createShro(ctx, creator.cookie), 1),
    );
  });

  it('Box Breaker: the hundredth box opened', async () => {
    const creator = await createUser(ctx);
    const user = await createUser(ctx);
    // 97 earlier picks stand in for a long history; the last three go through the API.
    await seedStats(ctx, user.id, { shrosParticipated: 97 });
    await expectUnlocksExactlyAt(
      user,
      'box-breaker',
      async () => pickBox(ctx, user.cookie, await createShro(ctx, creator.cookie), 2),
      97,
    );
  });

  it('Lucky Guesser: five winning picks in a row; a wrong pick starts the run again', async () => {
    const creator = await createUser(ctx);
    const user = await createUser(ctx);
    const pick = async (correct: boolean) =>
      pickBox(ctx, user.cookie, await createShro(ctx, creator.cookie, { winningBoxPosition: 3 }), correct ? 3 : 1);
    await pick(true);
    await pick(true);
    await pick(true);
    expect(await achievementOf(user.cookie, 'lucky-guesser')).toMatchObject({ isUnlocked: false, progress: 3 });
    await pick(false);
    expect(await achievementOf(user.cookie, 'lucky-guesser')).toMatchObject({ isUnlocked: false, progress: 0 });
    // A Shro without a winning box neither extends nor breaks the run.
    await pickBox(ctx, user.cookie, await createShro(ctx, creator.cookie), 2);
    await expectUnlocksExactlyAt(user, 'lucky-guesser', () => pick(true));
    // A wrong pick after unlocking does not take it back.
    await pick(false);
    expect(await achievementOf(user.cookie, 'lucky-guesser')).toMatchObject({ isUnlocked: true, progress: 5 });
    expect((await statsRow(ctx, user.id))!.consecutiveCorrect).toBe(0);
  });

  it('Popular Choice: the tenth participant across the creator’s Shros', async () => {
    const creator = await createUser(ctx);
    const first = await createShro(ctx, creator.cookie, { isShareable: false, isPublic: true });
    const second = await createShro(ctx, creator.cookie);
    const pickers: SignedInUser[] = [];
    for (let i = 0; i < 11; i++) pickers.push(await createUser(ctx));
    await expectUnlocksExactlyAt(creator, 'popular-choice', (step) =>
      pickBox(ctx, pickers[step - 1]!.cookie, step % 2 ? first : second, (step % 4) + 1),
    );
  });

  it('Trendsetter: the twentieth counted share of the creator’s Shros; repeats by one person count once', async () => {
    const creator = await createUser(ctx);
    const friend = await createUser(ctx);
    const shros: Shro[] = [];
    for (let i = 0; i < 5; i++) shros.push(await createShro(ctx, creator.cookie));
    await seedStats(ctx, creator.id, { shares: 16 });

    const own = await share(ctx, creator.cookie, shros[0]!.id);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ success: true, counted: true, shareCount: 1 });
    const again = await share(ctx, creator.cookie, shros[0]!.id);
    expect(again.json()).toEqual({ success: true, counted: false, shareCount: 1 });
    expect(await achievementOf(creator.cookie, 'trendsetter')).toMatchObject({ isUnlocked: false, progress: 17 });

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
    expect((await statsRow(ctx, friend.id))?.shares ?? 0).toBe(0);
  });

  it('Daily Shroer, Weekly Warrior and Monthly Master: 3, 7 and 30 days in a row', async () => {
    const user = await createUser(ctx);
    const ids = ['daily-shroer', 'weekly-warrior', 'monthly-master'] as const;
    const start = Date.UTC(2026, 0, 1, 15);
    const unlockedAt: Record<string, string> = {};
    for (let day = 1; day <= 31; day++) {
      const now = new Date(start + (day - 1) * 86_400_000);
      await ctx.database.db.transaction((tx) => bumpStats(tx, user.id, {}, { activity: true, now }));
      // A second activity the same day changes nothing.
      await ctx.database.db.transaction((tx) =>
        bumpStats(tx, user.id, {}, { activity: true, now: new Date(now.getTime() + 3_600_000) }),
      );
      const list = await getAchievements(ctx.database.db, user.id, 'en', now);
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
    expect((await statsRow(ctx, user.id))!.streakDays).toBe(31);
  });
});

describe('the engine under concurrency', () => {
  it('concurrent creates unlock First Shro once', async () => {
    const user = await createUser(ctx);
    const results = await Promise.all(Array.from({ length: 6 }, () => createShro(ctx, user.cookie)));
    expect(results).toHaveLength(6);
    expect((await statsRow(ctx, user.id))!.shrosCreated).toBe(6);
    expect(await notificationsFor(user, 'first-shro')).toHaveLength(1);
    expect(await achievementOf(user.cookie, 'first-shro')).toMatchObject({ isUnlocked: true, progress: 1 });
  });

  it('concurrent transactions crossing the requirement unlock once', async () => {
    const user = await createUser(ctx);
    await seedStats(ctx, user.id, { shares: 15 });
    await Promise.all(
      Array.from({ length: 10 }, () => ctx.database.db.transaction((tx) => bumpStats(tx, user.id, { shares: 1 }))),
    );
    expect((await statsRow(ctx, user.id))!.shares).toBe(25);
    expect(await notificationsFor(user, 'trendsetter')).toHaveLength(1);
    const rows = await ctx.database.db.select().from(userAchievements).where(eq(userAchievements.userId, user.id));
    expect(rows.find((r) => r.achievementId === 'trendsetter')).toMatchObject({ progress: 20 });
  });

  it('concurrent picks on each other’s Shros by two people do not deadlock', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    for (let round = 0; round < 4; round++) {
      const [ofA, ofB] = await Promise.all([createShro(ctx, a.cookie), createShro(ctx, b.cookie)]);
      await Promise.all([pickBox(ctx, b.cookie, ofA, 1), pickBox(ctx, a.cookie, ofB, 2)]);
    }
    expect(await statsRow(ctx, a.id)).toMatchObject({ shrosParticipated: 4, totalParticipants: 4 });
    expect(await statsRow(ctx, b.id)).toMatchObject({ shrosParticipated: 4, totalParticipants: 4 });
  });
});

describe('unlocks are recorded', () => {
  it('an achievement unlocked already is not written again, nor its row locked, by later actions', async () => {
    const user = await createUser(ctx);
    const creator = await createUser(ctx);
    const xmaxOfCuriousMind = async () => {
      const { rows } = (await ctx.database.db.execute(
        sql`select xmax::text as xmax, unlocked_at from user_achievements where user_id = ${user.id} and achievement_id = 'curious-mind'`,
      )) as unknown as { rows: { xmax: string; unlocked_at: unknown }[] };
      return rows;
    };
    await pickBox(ctx, user.cookie, await createShro(ctx, creator.cookie, { isPublic: true }), 1);
    const [first] = await xmaxOfCuriousMind();
    expect(first!.xmax).toBe('0');
    await pickBox(ctx, user.cookie, await createShro(ctx, creator.cookie, { isPublic: true }), 2);
    // The second pick's unlock statement found it unlocked and left the row as it was.
    expect(await xmaxOfCuriousMind()).toEqual([first]);
  });

  it('only unlocked achievements are stored; a row stored locked by earlier code unlocks once (decision 147)', async () => {
    const user = await createUser(ctx);
    await createShro(ctx, user.cookie);
    // Shro Master is at 1 of 10 and Daily Shroer at 1 of 3, read off the counters: no row for them.
    expect(await achievementOf(user.cookie, 'shro-master')).toMatchObject({ isUnlocked: false, progress: 1 });
    const stored = async () =>
      (await ctx.database.db.select().from(userAchievements).where(eq(userAchievements.userId, user.id))).map((r) => [
        r.achievementId,
        r.progress,
        r.unlockedAt !== null,
      ]);
    expect(await stored()).toEqual([['first-shro', 1, true]]);

    // A locked row as earlier code stored it, and the counter one short of the requirement.
    await ctx.database.db
      .insert(userAchievements)
      .values({ userId: user.id, achievementId: 'shro-master', progress: 9 });
    await seedStats(ctx, user.id, { shrosCreated: 9 });
    await createShro(ctx, user.cookie);
    await createShro(ctx, user.cookie);
    expect((await stored()).sort()).toEqual([
      ['first-shro', 1, true],
      ['shro-master', 10, true],
    ]);
    expect(await notificationsFor(user, 'shro-master')).toHaveLength(1);
    expect(await achievementOf(user.cookie, 'shro-master')).toMatchObject({ isUnlocked: true, progress: 10 });
  });

  it('as a gamification analytics event, and the stats agree with the achievements', async () => {
    const user = await createUser(ctx);
    await createShro(ctx, user.cookie);
    const events = await ctx.database.db
      .select({ name: analyticsEvents.name, category: analyticsEvents.category, label: analyticsEvents.label })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, user.id));
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
    expect(await achievementOf(user.cookie, 'daily-shroer')).toMatchObject({ progress: 1 });
  });

  it('a lapsed streak reads 0 in both /api/stats and the streak achievements', async () => {
    const user = await createUser(ctx);
    await seedStats(ctx, user.id, { streakDays: 2, lastActiveDay: '2020-01-01' });
    const stats = await ctx.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie: user.cookie } });
    expect(stats.json()).toMatchObject({ streakDays: 0 });
    expect(await achievementOf(user.cookie, 'daily-shroer')).toMatchObject({ progress: 0, isUnlocked: false });
  });
});
