import type { Db } from '../../db/client';
import { wording } from '../../i18n/catalogs';
import { insertNotifications } from '../notifications/queries';
import { NOTIFICATION_TEXTS as TEXTS } from '../notifications/texts';
import { type AchievementMetric, applyStatChanges, findTimeZones, type StatChanges, unlockReached } from './queries';
import { dayIn } from './streak';

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
  /**
   * The zone the user's streak days count in, when the caller knows it (the outbox's picks and
   * reactions carry their request's, decision 147); looked up otherwise (UTC for one without).
   */
  timeZone?: string;
}

/** An achievement the action unlocked. */
export interface Unlocked {
  id: string;
  name: string;
  description: string;
  icon: string;
}

/** One action's changes to one user's counters. */
interface StatsOp {
  userId: string;
  deltas: Partial<Record<StatCounter, number>>;
  options?: BumpOptions;
}

/**
 * The achievement engine, run inside the caller's transaction: adds to the user's counters,
 * moves the streak on an activity, and unlocks (exactly once, with `unlockedAt` and an
 * `achievement_unlocked` notification) every achievement those counters drive that reached its
 * requirement. A locked achievement's progress is not stored: it is read off the counters
 * (decision 147). Returns what was unlocked.
 */
export async function bumpStats(
  db: Db,
  userId: string,
  deltas: Partial<Record<StatCounter, number>>,
  options: BumpOptions = {},
): Promise<Unlocked[]> {
  return (await bumpStatsMany(db, [{ userId, deltas, options }])).get(userId) ?? [];
}

/** A day of activity for the streak, with no counter to add (a reaction, a share). */
export function recordActivity(db: Db, userId: string, now = new Date()): Promise<Unlocked[]> {
  return bumpStats(db, userId, {}, { activity: true, now });
}

/**
 * Several users' counters at once: one action moving two people's (a share), or a whole outbox
 * batch (decision 119), each user's entries applied in the order given (see `bumpStatsMany`).
 * Rows are locked in user-id order, so two actions crossing between the same two people cannot
 * deadlock. Returns the users who unlocked an achievement (they have a new notification).
 */
export async function bumpStatsFor(db: Db, entries: StatsOp[]): Promise<string[]> {
  const unlocked = await bumpStatsMany(db, entries);
  return [...unlocked.keys()].sort();
}

/**
 * The engine for many actions at once (the outbox's batches, decision 119), with the effect of
 * `bumpStats` once per op, each user's ops in the order given: every user's first op is applied
 * in one round, then every second op, and so on. A round is one statement per table for all its
 * users (counters and streaks; unlocks, decision 147, with their analytics events, 144), whatever
 * their number; the notifications of every unlock follow in one statement. Rows are
 * locked in user-id order within each statement. Returns what each user unlocked (only users
 * who unlocked something).
 */
async function bumpStatsMany(db: Db, ops: StatsOp[]): Promise<Map<string, Unlocked[]>> {
  const perUser = new Map<string, StatsOp[]>();
  for (const op of ops) {
    const list = perUser.get(op.userId) ?? [];
    list.push(op);
    perUser.set(op.userId, list);
  }
  const unknownZones = [...perUser.entries()]
    .filter(([, list]) => list.some((op) => op.options?.activity && !op.options.timeZone))
    .map(([id]) => id);
  const zones = unknownZones.length > 0 ? await findTimeZones(db, unknownZones) : new Map<string, string>();

  const unlockedBy = new Map<string, Unlocked[]>();
  for (let round = 0; ; round++) {
    const due = [...perUser.values()].flatMap((list) => list.slice(round, round + 1));
    if (due.length === 0) break;
    const changes = due.map((op) => {
      const now = op.options?.now ?? new Date();
      const changes: StatChanges = { increments: {}, guess: op.options?.guess };
      for (const [key, delta] of Object.entries(op.deltas) as [StatCounter, number][]) {
        if (delta) changes.increments[key] = delta;
      }
      if (op.options?.activity)
        changes.activity = { today: dayIn(op.options.timeZone ?? zones.get(op.userId) ?? 'UTC', now) };
      return { op, now, changes };
    });
    const rows = await applyStatChanges(
      db,
      changes
        .filter(({ changes: c }) => Object.keys(c.increments).length > 0 || c.guess || c.activity)
        .map(({ op, changes: c }) => ({ userId: op.userId, changes: c })),
    );

    // The achievements those counters drive, at their new values.
    const moved: { userId: string; values: Partial<Record<AchievementMetric, number>>; at: Date }[] = [];
    for (const { op, now, changes: c } of changes) {
      const row = rows.get(op.userId);
      if (!row) continue;
      const values: Partial<Record<AchievementMetric, number>> = {};
      for (const key of Object.keys(c.increments) as StatCounter[]) values[key] = row[key];
      if (c.guess) values.consecutiveCorrect = row.consecutiveCorrect;
      if (c.activity) values.streakDays = row.streakDays;
      if (Object.keys(values).length > 0) moved.push({ userId: op.userId, values, at: now });
    }
    for (const { userId, ...achievement } of await unlockReached(db, moved)) {
      const list = unlockedBy.get(userId) ?? [];
      list.push(achievement);
      unlockedBy.set(userId, list);
    }
  }
  if (unlockedBy.size === 0) return unlockedBy;
  await insertNotifications(
    db,
    [...unlockedBy.entries()].flatMap(([userId, unlocked]) =>
      unlocked.map((achievement) => ({
        userId,
        type: 'achievement_unlocked' as const,
        title: wording(TEXTS.achievementTitle),
        message: wording(TEXTS.achievement, {
          icon: achievement.icon,
          name: wording(achievement.name),
          description: wording(achievement.description),
        }),
      })),
    ),
  );
  return unlockedBy;
}
