import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema/index';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** Stores a batch of events; pass the transaction of the action when there is one. */
export async function insertAnalyticsEvents(db: Db, rows: NewAnalyticsEvent[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(analyticsEvents).values(rows);
}
