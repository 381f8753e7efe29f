import { and, asc, desc, eq, gte, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { achievements, participations, shros, userAchievements, userStats, users } from '../../db/schema/index';

/** The counters an achievement can be driven by (the catalogue's `metric` column). */
export type AchievementMetric =
  | 'shrosCreated'
  | 'imageShrosCreated'
  | 'textShrosCreated'
  | 'shrosParticipated'
  | 'correctGuesses'
  | 'consecutiveCorrect'
  | 'totalParticipants'
  | 'shares'
  | 'streakDays';

export type StatsRow = typeof userStats.$inferSelect;

export interface StatChanges {
  /** Counters to add to (only non-zero deltas are passed). */
  increments: Partial<Record<AchievementMetric, number>>;
  /** A guess on a Shro with a winning box: the run of correct guesses grows or ends. */
  guess?: 'correct' | 'wrong';
  /** An activity on `today` (the user's own calendar day), which moves the streak. */
  activity?: { today: string; yesterday: string };
}

/**
 * Applies counter changes and the streak in one upsert and returns the new row. The upsert takes
 * the user's stats row lock, so concurrent actions of one user queue here until the first commits.
 * Undefined when there is nothing to change.
 */
export async function applyStatChanges(db: Db, userId: string, changes: StatChanges): Promise<StatsRow | undefined> {
  const values: Record<string, unknown> = {};
  const set: Record<string, unknown> = {};
  for (const [key, delta] of Object.entries(changes.increments) as [AchievementMetric, number][]) {
    if (!delta) continue;
    values[key] = delta;
    set[key] = sql`${userStats[key]} + ${delta}`;
  }
  if (changes.guess === 'correct') {
    values.consecutiveCorrect = 1;
    set.consecutiveCorrect = sql`${userStats.consecutiveCorrect} + 1`;
  } else if (changes.guess === 'wrong') {
    values.consecutiveCorrect = 0;
    set.consecutiveCorrect = sql`0`;
  }
  if (changes.activity) {
    const { today, yesterday } = changes.activity;
    values.streakDays = 1;
    values.lastActiveDay = today;
    // Same day (or a later one, after flying west): unchanged. The day after: one more. Else: a new run.
    set.streakDays = sql`case
      when ${userStats.lastActiveDay} >= ${today}::date then greatest(${userStats.streakDays}, 1)
      when ${userStats.lastActiveDay} = ${yesterday}::date then ${userStats.streakDays} + 1
      else 1 end`;
    set.lastActiveDay = sql`greatest(${userStats.lastActiveDay}, ${today}::date)`;
  }
  if (Object.keys(set).length === 0) return undefined;
  const [row] = await db
    .insert(userStats)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userStats.userId, set })
    .returning();
  return row;
}

/** The zone the user's streak days are counted in. */
export async function findTimeZone(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.timeZone ?? 'UTC';
}

/** Stores the zone the browser reports, only when it differs (one guarded UPDATE, usually none). */
export async function updateTimeZone(db: Db, userId: string, timeZone: string): Promise<void> {
  await db
    .update(users)
    .set({ timeZone })
    .where(and(eq(users.id, userId), ne(users.timeZone, timeZone)));
}

/**
 * Upserts the progress of every achievement driven by one of these metrics (capped at the
 * requirement). An unlocked achievement keeps its progress whatever the counter does later.
 */
export async function upsertProgress(
  db: Db,
  userId: string,
  values: Partial<Record<AchievementMetric, number>>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  const json = JSON.stringify(values);
  await db.execute(sql`
    insert into ${userAchievements} (user_id, achievement_id, progress)
    select ${userId}, a.id, least((${json}::jsonb ->> a.metric)::int, a.requirement)
    from ${achievements} a
    where (${json}::jsonb ->> a.metric) is not null
    on conflict (user_id, achievement_id) do update
    set progress = case
      when ${userAchievements}.unlocked_at is null then excluded.progress
      else ${userAchievements}.progress end`);
}

/**
 * Unlocks every achievement whose progress has reached its requirement and returns those just
 * unlocked. `unlocked_at is null` in the WHERE makes this exactly-once: a concurrent transaction
 * that unlocked the same row first leaves nothing here to update.
 */
export async function unlockReached(db: Db, userId: string, at: Date) {
  return db
    .update(userAchievements)
    .set({ unlockedAt: at })
    .from(achievements)
    .where(
      and(
        eq(userAchievements.achievementId, achievements.id),
        eq(userAchievements.userId, userId),
        isNull(userAchievements.unlockedAt),
        gte(userAchievements.progress, achievements.requirement),
      ),
    )
    .returning({
      id: achievements.id,
      name: achievements.name,
      description: achievements.description,
      icon: achievements.icon,
    });
}

/** The user's counters plus the zone streak days are counted in; undefined when the user is unknown. */
export async function findStatsWithZone(db: Db, userId: string) {
  const [row] = await db
    .select({
      timeZone: users.timeZone,
      shrosCreated: userStats.shrosCreated,
      imageShrosCreated: userStats.imageShrosCreated,
      textShrosCreated: userStats.textShrosCreated,
      shrosParticipated: userStats.shrosParticipated,
      streakDays: userStats.streakDays,
      lastActiveDay: userStats.lastActiveDay,
      consecutiveCorrect: userStats.consecutiveCorrect,
      correctGuesses: userStats.correctGuesses,
      totalParticipants: userStats.totalParticipants,
      shares: userStats.shares,
    })
    .from(users)
    .leftJoin(userStats, eq(userStats.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The counters of GET /api/users/stats as anyone but the owner sees them, with the streak's last day. */
export interface PublicStatsRow {
  shrosCreated: number;
  shrosParticipated: number;
  correctGuesses: number;
  consecutiveCorrect: number;
  totalParticipants: number;
  /** Length of the latest run of consecutive days with public activity, ending on `lastActiveDay`. */
  streakDays: number;
  lastActiveDay: string | null;
}

/**
 * A user's counters computed over public and link Shros only (the stored counters also count
 * private ones): Shros they created and the picks on them, their own picks and guesses, and the
 * streak of days (in their zone) on which they created or opened one. Every lookup is by an
 * indexed creator or participant.
 */
export async function findPublicStats(db: Db, userId: string, timeZone: string): Promise<PublicStatsRow> {
  const result = await db.execute(sql`
    with shown as (
      select s.id, s.created_at from ${shros} s
      where s.creator_id = ${userId} and (s.is_public or s.is_shareable)
    ), picks as (
      select p.created_at, p.is_correct from ${participations} p
      join ${shros} s on s.id = p.shro_id
      where p.user_id = ${userId} and (s.is_public or s.is_shareable)
    ), days as (
      select (created_at at time zone ${timeZone})::date as day from shown
      union
      select (created_at at time zone ${timeZone})::date as day from picks
    ), runs as (
      select day, day - (row_number() over (order by day))::int as run from days
    )
    select
      (select count(*) from shown)::int as "shrosCreated",
      (select count(*) from picks)::int as "shrosParticipated",
      (select count(*) from picks where is_correct)::int as "correctGuesses",
      (select count(*) from picks where is_correct and created_at > coalesce(
        (select max(created_at) from picks where is_correct = false), '-infinity'::timestamptz))::int
        as "consecutiveCorrect",
      (select count(*) from ${participations} p join shown on shown.id = p.shro_id)::int as "totalParticipants",
      (select count(*) from runs where run = (select run from runs order by day desc limit 1))::int as "streakDays",
      (select max(day)::text from days) as "lastActiveDay"`);
  const [row] = (result as unknown as { rows: PublicStatsRow[] }).rows;
  return row!;
}

const catalogueColumns = {
  id: achievements.id,
  metric: achievements.metric,
  name: achievements.name,
  description: achievements.description,
  icon: achievements.icon,
  rarity: achievements.rarity,
  category: achievements.category,
  requirement: achievements.requirement,
};

/** The whole catalogue in its order, with this user's progress and unlock time where there is one. */
export async function listCatalogueWithProgress(db: Db, userId: string) {
  return db
    .select({ ...catalogueColumns, progress: userAchievements.progress, unlockedAt: userAchievements.unlockedAt })
    .from(achievements)
    .leftJoin(
      userAchievements,
      and(eq(userAchievements.achievementId, achievements.id), eq(userAchievements.userId, userId)),
    )
    .orderBy(asc(achievements.sortOrder));
}

/** Unlocked achievements with their catalogue entry, most recently unlocked first. */
export async function listUnlockedAchievements(db: Db, userId: string) {
  return db
    .select({ ...catalogueColumns, progress: userAchievements.progress, unlockedAt: userAchievements.unlockedAt })
    .from(userAchievements)
    .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
    .where(and(eq(userAchievements.userId, userId), isNotNull(userAchievements.unlockedAt)))
    .orderBy(desc(userAchievements.unlockedAt), asc(achievements.sortOrder));
}
