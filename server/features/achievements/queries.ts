import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { achievements, picks, shros, userAchievements, userStats, users } from '../../db/schema/index';
import { unnest } from '../../db/unnest';
import { analyticsInsertSql } from '../analytics/queries';

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

type StatsRow = typeof userStats.$inferSelect;

export interface StatChanges {
  /** Counters to add to (only non-zero deltas are passed). */
  increments: Partial<Record<AchievementMetric, number>>;
  /** A guess on a Shro with a winning box: the run of correct guesses grows or ends. */
  guess?: 'correct' | 'wrong';
  /** An activity on `today` (the user's own calendar day, `YYYY-MM-DD`), which moves the streak. */
  activity?: { today: string };
}

/** The counters `applyStatChanges` gives back (the streak's day is left out). */
export type StatCounters = Omit<StatsRow, 'userId' | 'lastActiveDay'>;

/** Counters added to by `increments`, in the table's column order. */
const COUNTERS = [
  'shrosCreated',
  'imageShrosCreated',
  'textShrosCreated',
  'shrosParticipated',
  'correctGuesses',
  'totalParticipants',
  'shares',
] as const;

const column = (key: string) => sql.identifier(key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));

/**
 * Applies counter changes and the streak for several users (each once) in one upsert, taking
 * their stats rows' locks in user-id order, and returns each one's new counters. The upsert takes
 * the users' row locks, so concurrent actions of one user queue here until the first commits.
 * Same day (or a later one, after flying west): the streak is unchanged. The day after: one
 * more. Else: a new run. A guess adds one to the run of correct guesses, or ends it.
 */
export async function applyStatChanges(
  db: Db,
  entries: { userId: string; changes: StatChanges }[],
): Promise<Map<string, StatCounters>> {
  const result = new Map<string, StatCounters>();
  if (entries.length === 0) return result;
  const sorted = [...entries].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const counters = sql.join(
    COUNTERS.map((key) => column(key)),
    sql`, `,
  );
  const added = sql.join(
    COUNTERS.map((key) => sql`${column(key)} = s.${column(key)} + excluded.${column(key)}`),
    sql`, `,
  );
  const returned = sql.join(
    [...COUNTERS, 'consecutiveCorrect', 'streakDays'].map((key) => sql`s.${column(key)} as ${sql.identifier(key)}`),
    sql`, `,
  );
  // `excluded` holds the inserted row: the deltas, the first day of a streak (the day itself, or
  // null without an activity) and, for a guess, 1 or 0; whether there was a guess is looked up.
  const query = sql`
    with v (user_id, ${counters}, guess, today) as (
      select * from ${unnest([
        [sorted.map((e) => e.userId), 'text'],
        ...COUNTERS.map((key) => [sorted.map((e) => e.changes.increments[key] ?? 0), 'int'] as const),
        [sorted.map((e) => e.changes.guess ?? null), 'text'],
        [sorted.map((e) => e.changes.activity?.today ?? null), 'date'],
      ])})
    insert into ${userStats} as s (user_id, ${counters}, consecutive_correct, streak_days, last_active_day)
    select user_id, ${counters}, case when guess = 'correct' then 1 else 0 end,
      case when today is null then 0 else 1 end, today
    from v order by user_id
    on conflict (user_id) do update set ${added},
      consecutive_correct = case (select v.guess from v where v.user_id = excluded.user_id)
        when 'correct' then s.consecutive_correct + 1
        when 'wrong' then 0
        else s.consecutive_correct end,
      streak_days = case
        when excluded.last_active_day is null then s.streak_days
        when s.last_active_day >= excluded.last_active_day then greatest(s.streak_days, 1)
        when s.last_active_day = excluded.last_active_day - 1 then s.streak_days + 1
        else 1 end,
      last_active_day = greatest(s.last_active_day, excluded.last_active_day)
    returning s.user_id as "userId", ${returned}`;
  const { rows: stored } = (await db.execute(query)) as unknown as { rows: (StatCounters & { userId: string })[] };
  for (const { userId, ...values } of stored) result.set(userId, values);
  return result;
}

/** The zones the users' streak days are counted in (UTC for one without). */
export async function findTimeZones(db: Db, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, timeZone: users.timeZone })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.timeZone ?? 'UTC']));
}

/** Stores the zone the browser reports, only when it differs (one guarded UPDATE, usually none). */
export async function updateTimeZone(db: Db, userId: string, timeZone: string): Promise<void> {
  await db
    .update(users)
    .set({ timeZone })
    .where(and(eq(users.id, userId), ne(users.timeZone, timeZone)));
}

/**
 * Unlocks, for several users at once, every achievement driven by one of their metrics that has
 * reached its requirement at the metric's new value, and returns those just unlocked. The
 * progress of a locked achievement is not stored: it is the counter as it reads now, capped at
 * the requirement (GET /api/achievements derives it from the stats). A row is written when an
 * achievement unlocks, with the progress it unlocked with (its requirement), so an unlocked one
 * keeps it whatever the counter does later. `unlocked_at is null` in the conflict's WHERE makes
 * this exactly-once: a concurrent transaction that unlocked the same row first leaves nothing
 * here. Rows are written in user-id order. Each unlock is also an `achievement_unlocked`
 * analytics event (decision 068), stored by the same statement at the unlock's time: a batch's
 * unlocks cost one round trip, not two.
 */
export async function unlockReached(
  db: Db,
  entries: { userId: string; values: Partial<Record<AchievementMetric, number>>; at: Date }[],
) {
  const rows = entries.flatMap(({ userId, values, at }) =>
    Object.entries(values).map(([metric, value]) => ({ userId, metric, value: value as number, at })),
  );
  if (rows.length === 0) return [];
  const { rows: unlocked } = (await db.execute(sql`
    with v (user_id, metric, value, at) as (
      select * from ${unnest([
        [rows.map((r) => r.userId), 'text'],
        [rows.map((r) => r.metric), 'text'],
        [rows.map((r) => r.value), 'int'],
        [rows.map((r) => r.at.toISOString()), 'timestamptz'],
      ])}),
    reached as (
      insert into ${userAchievements} as ua (user_id, achievement_id, progress, unlocked_at)
      select v.user_id, a.id, a.requirement, v.at
      from v join ${achievements} a on a.metric = v.metric
      where v.value >= a.requirement
        -- One unlocked already is left alone without taking its row's lock (a returning picker's
        -- Curious Mind, on every pick); the conflict's WHERE still decides a race.
        and not exists (select 1 from ${userAchievements} done
          where done.user_id = v.user_id and done.achievement_id = a.id and done.unlocked_at is not null)
      order by v.user_id, a.id
      on conflict (user_id, achievement_id) do update set progress = excluded.progress, unlocked_at = excluded.unlocked_at
      where ua.unlocked_at is null
      returning ua.user_id, ua.achievement_id, ua.unlocked_at),
    logged as (${analyticsInsertSql(
      sql`select user_id, 'achievement_unlocked', 'gamification', achievement_id, null::text, unlocked_at from reached`,
    )})
    select reached.user_id as "userId", a.id, a.name, a.description, a.icon
    from reached join ${achievements} a on a.id = reached.achievement_id
    order by reached.user_id, a.sort_order`)) as unknown as {
    rows: { userId: string; id: string; name: string; description: string; icon: string }[];
  };
  return unlocked;
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
      select p.created_at, p.is_correct from ${picks} p
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
      (select count(*) from ${picks} p join shown on shown.id = p.shro_id)::int as "totalParticipants",
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
