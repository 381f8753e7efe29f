import type { Db } from '../../db/client';
import { insertAnalyticsEvents } from '../analytics/queries';
import { insertNotifications } from '../notifications/queries';
import {
  type AchievementMetric,
  applyStatChanges,
  findTimeZone,
  type StatsRow,
  unlockReached,
  upsertProgress,
} from './queries';
import { dayIn, previousDay } from './streak';

/** Counters an action may add to (the streak and the run of correct guesses move by their own rules). */
export type StatCounter =
  | 'shrosCreated'
  | 'imageShrosCreated'
  | 'textShrosCreated'
  | 'shrosParticipated'
  | 'correctGuesses'
  | 'totalParticipants'
  | 'shares';

export interface BumpOptions {
  /** A guess on a Shro with a winning box: `consecutiveCorrect` +1, or back to 0. */
  guess?: 'correct' | 'wrong';
  /** The action is the user's own activity: it counts a calendar day for the streak. */
  activity?: boolean;
  /** The action's time (tests move it across days). */
  now?: Date;
}

/** An achievement the action unlocked. */
export interface Unlocked {
  id: string;
  name: string;
  description: string;
  icon: string;
}

/**
 * The achievement engine, run inside the caller's transaction: adds to the user's counters,
 * moves the streak on an activity, updates the progress of every achievement those counters
 * drive, and unlocks (exactly once, with `unlockedAt` and an `achievement_unlocked`
 * notification) those that reached their requirement. Returns what was unlocked.
 */
export async function bumpStats(
  db: Db,
  userId: string,
  deltas: Partial<Record<StatCounter, number>>,
  options: BumpOptions = {},
): Promise<Unlocked[]> {
  const now = options.now ?? new Date();
  let activity: { today: string; yesterday: string } | undefined;
  if (options.activity) {
    const today = dayIn(await findTimeZone(db, userId), now);
    activity = { today, yesterday: previousDay(today) };
  }
  const row = await applyStatChanges(db, userId, { increments: deltas, guess: options.guess, activity });
  if (!row) return [];

  const moved: Partial<Record<AchievementMetric, number>> = {};
  for (const [key, delta] of Object.entries(deltas) as [StatCounter, number][]) {
    if (delta) moved[key] = row[key as keyof StatsRow] as number;
  }
  if (options.guess) moved.consecutiveCorrect = row.consecutiveCorrect;
  if (activity) moved.streakDays = row.streakDays;
  return syncAchievements(db, userId, moved, now);
}

/** A day of activity for the streak, with no counter to add (a reaction, a share). */
export function recordActivity(db: Db, userId: string, now = new Date()): Promise<Unlocked[]> {
  return bumpStats(db, userId, {}, { activity: true, now });
}

/**
 * Several users' counters in one action (a pick moves the picker's and the creator's). Rows are
 * locked in user-id order, so two actions crossing between the same two people cannot deadlock.
 * Returns the users who unlocked an achievement (they have a new notification).
 */
export async function bumpStatsFor(
  db: Db,
  entries: { userId: string; deltas: Partial<Record<StatCounter, number>>; options?: BumpOptions }[],
): Promise<string[]> {
  const sorted = [...entries].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const unlockedFor: string[] = [];
  for (const entry of sorted) {
    const unlocked = await bumpStats(db, entry.userId, entry.deltas, entry.options);
    if (unlocked.length > 0) unlockedFor.push(entry.userId);
  }
  return unlockedFor;
}

async function syncAchievements(
  db: Db,
  userId: string,
  values: Partial<Record<AchievementMetric, number>>,
  now: Date,
): Promise<Unlocked[]> {
  if (Object.keys(values).length === 0) return [];
  await upsertProgress(db, userId, values);
  const unlocked = await unlockReached(db, userId, now);
  if (unlocked.length === 0) return [];
  await insertNotifications(
    db,
    unlocked.map((achievement) => ({
      userId,
      type: 'achievement_unlocked' as const,
      title: 'Achievement Unlocked!',
      message: `${achievement.icon} ${achievement.name}: ${achievement.description}`,
    })),
  );
  await insertAnalyticsEvents(
    db,
    unlocked.map((achievement) => ({
      userId,
      name: 'achievement_unlocked',
      category: 'gamification',
      label: achievement.id,
      createdAt: now,
    })),
  );
  return unlocked;
}
