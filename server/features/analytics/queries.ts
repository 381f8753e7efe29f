import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema/index';
import { unnest } from '../../db/unnest';

export type NewAnalyticsEvent = Omit<typeof analyticsEvents.$inferInsert, 'id'>;

/**
 * Stores a batch of events in one statement of constant size (decision 148; the columns are the
 * table's but `id`, which a new column must join, here and in analyticsInsertSql); pass the
 * transaction of the action when there is one. An event without a time is stored at now().
 */
export async function insertAnalyticsEvents(db: Db, rows: NewAnalyticsEvent[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    analyticsInsertSql(sql`select user_id, name, category, label, path, coalesce(created_at, now())
    from ${unnest([
      [rows.map((r) => r.userId ?? null), 'text'],
      [rows.map((r) => r.name), 'text'],
      [rows.map((r) => r.category), 'text'],
      [rows.map((r) => r.label ?? null), 'text'],
      [rows.map((r) => r.path ?? null), 'text'],
      [rows.map((r) => r.createdAt?.toISOString() ?? null), 'timestamptz'],
    ])} as v (user_id, name, category, label, path, created_at)`),
  );
}

/**
 * The one insert into analytics_events: the rows `select` gives, in the columns' order (user_id,
 * name, category, label, path, created_at), for insertAnalyticsEvents and for statements that
 * store events beside what they write (an unlock's, in its own statement: decision 144).
 */
export const analyticsInsertSql = (select: SQL): SQL =>
  sql`insert into ${analyticsEvents} (user_id, name, category, label, path, created_at) ${select}`;
