import type { UserAchievement } from '../../../contract/achievements';
import type { Locale } from '../../../contract/locales';
import { type UnlockedAchievement, USER_NOT_FOUND_MESSAGE, type UserStats } from '../../../contract/profiles';
import type { Db } from '../../db/client';
import { translate } from '../../i18n/catalogs';
import { notFound } from '../../lib/http-errors';
import { assertUserShownTo } from '../profiles/visibility';
import {
  type AchievementMetric,
  findPublicStats,
  findStatsWithZone,
  listCatalogueWithProgress,
  listUnlockedAchievements,
} from './queries';
import { currentStreak } from './streak';

type StatsWithZone = NonNullable<Awaited<ReturnType<typeof findStatsWithZone>>>;

/** Every counter an achievement can follow, as they read now (a lapsed streak reads 0). */
function metricValues(row: StatsWithZone, now: Date): Record<AchievementMetric, number> {
  return {
    shrosCreated: row.shrosCreated ?? 0,
    imageShrosCreated: row.imageShrosCreated ?? 0,
    textShrosCreated: row.textShrosCreated ?? 0,
    shrosParticipated: row.shrosParticipated ?? 0,
    correctGuesses: row.correctGuesses ?? 0,
    consecutiveCorrect: row.consecutiveCorrect ?? 0,
    totalParticipants: row.totalParticipants ?? 0,
    shares: row.shares ?? 0,
    streakDays: currentStreak(row.streakDays ?? 0, row.lastActiveDay, row.timeZone, now),
  };
}

async function statsRowOf(db: Db, userId: string): Promise<StatsWithZone> {
  if (userId.length === 0 || userId.length > 64) throw notFound(USER_NOT_FOUND_MESSAGE);
  const row = await findStatsWithZone(db, userId);
  if (!row) throw notFound(USER_NOT_FOUND_MESSAGE);
  return row;
}

/** The six stat counters of docs/product.md §3, zeros when there are none yet; 404 for an unknown user. */
export async function getUserStats(db: Db, userId: string, now = new Date()): Promise<UserStats> {
  const values = metricValues(await statsRowOf(db, userId), now);
  return statsOf(values);
}

/**
 * GET /api/users/stats/:id: the owner sees every counter; anyone else sees them counted over
 * public and link Shros only, so private activity (a private pick, a day active in private)
 * cannot be watched from outside. 404 for an unknown user, and as for one to a viewer who has a
 * block with them either way, or while they are suspended.
 */
export async function getUserStatsFor(
  db: Db,
  userId: string,
  viewerId: string | null,
  now = new Date(),
): Promise<UserStats> {
  if (viewerId === userId) return getUserStats(db, userId, now);
  await assertUserShownTo(db, userId, viewerId);
  const { timeZone } = await statsRowOf(db, userId);
  let zone = timeZone ?? 'UTC';
  // Zones are checked against the runtime's list when stored; should the database's own list
  // lack one, the days are counted in UTC rather than failing the read.
  const row = await findPublicStats(db, userId, zone).catch(() => {
    zone = 'UTC';
    return findPublicStats(db, userId, zone);
  });
  return statsOf({
    ...row,
    streakDays: currentStreak(row.streakDays, row.lastActiveDay, zone, now),
  });
}

function statsOf(values: UserStats): UserStats {
  return {
    shrosCreated: values.shrosCreated,
    shrosParticipated: values.shrosParticipated,
    streakDays: values.streakDays,
    consecutiveCorrect: values.consecutiveCorrect,
    correctGuesses: values.correctGuesses,
    totalParticipants: values.totalParticipants,
  };
}

/**
 * GET /api/achievements: the whole catalogue for the user, in catalogue order. Unlocked ones
 * keep the progress they unlocked with; locked ones show the counter as it reads now, capped at
 * the requirement, so the page agrees with GET /api/stats (a lapsed streak reads 0 in both).
 */
export async function getAchievements(
  db: Db,
  userId: string,
  locale: Locale,
  now = new Date(),
): Promise<UserAchievement[]> {
  const [row, catalogue] = await Promise.all([statsRowOf(db, userId), listCatalogueWithProgress(db, userId)]);
  const values = metricValues(row, now);
  return catalogue.map((entry) => {
    const isUnlocked = entry.unlockedAt !== null;
    const live = values[entry.metric as AchievementMetric] ?? 0;
    return {
      id: entry.id,
      isUnlocked,
      unlockedAt: entry.unlockedAt?.toISOString() ?? null,
      progress: isUnlocked ? (entry.progress ?? entry.requirement) : Math.min(live, entry.requirement),
      achievement: {
        name: translate(locale, entry.name),
        description: translate(locale, entry.description),
        icon: entry.icon,
        rarity: entry.rarity,
        category: entry.category,
        requirement: entry.requirement,
      },
    };
  });
}

/** A user's unlocked achievements, most recent first; 404 for an unknown user, or one hidden from the viewer (as for stats). */
export async function getUnlockedAchievements(
  db: Db,
  userId: string,
  viewerId: string | null,
  locale: Locale,
): Promise<UnlockedAchievement[]> {
  await assertUserShownTo(db, userId, viewerId);
  await statsRowOf(db, userId);
  const rows = await listUnlockedAchievements(db, userId);
  return rows.map((r) => ({
    id: r.id,
    isUnlocked: true,
    unlockedAt: r.unlockedAt!.toISOString(),
    progress: r.progress,
    achievement: {
      name: translate(locale, r.name),
      description: translate(locale, r.description),
      icon: r.icon,
      rarity: r.rarity,
      category: r.category,
      requirement: r.requirement,
    },
  }));
}
