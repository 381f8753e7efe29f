import type { AnalyticsAccepted, AnalyticsBatch } from '../../../contract/analytics';
import type { Db } from '../../db/client';
import { insertAnalyticsEvents } from './queries';

/** Stores a validated batch; `userId` is null for visitors. */
export async function recordAnalytics(
  db: Db,
  userId: string | null,
  batch: AnalyticsBatch,
  now = new Date(),
): Promise<AnalyticsAccepted> {
  await insertAnalyticsEvents(
    db,
    batch.events.map((event) => ({
      userId,
      name: event.name,
      category: event.category,
      label: event.label,
      // Only the path: a query string could carry anything.
      path: event.path?.split(/[?#]/)[0] ?? null,
      createdAt: now,
    })),
  );
  return { accepted: batch.events.length };
}
