import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

/** Marks these users as seen now: one statement for every user with an open channel on this instance. */
export async function touchPresence(db: Db, userIds: string[], now: Date): Promise<void> {
  if (userIds.length === 0) return;
  await db.update(users).set({ lastSeenAt: now }).where(inArray(users.id, userIds));
}

/** Records that the user is around, unless a recent enough mark already says so (one cheap write at most). */
export async function touchLastSeen(db: Db, userId: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastSeenAt: now })
    .where(and(eq(users.id, userId), or(isNull(users.lastSeenAt), lt(users.lastSeenAt, staleBefore))));
}

/**
 * Moves the user's last-seen mark back to `awayAt` (outside the online window), unless someone
 * marked them seen after `seenNotAfter` (another tab, another instance, a poll). True if it did.
 */
export async function markAway(db: Db, userId: string, awayAt: Date, seenNotAfter: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ lastSeenAt: awayAt })
    .where(and(eq(users.id, userId), lte(users.lastSeenAt, seenNotAfter)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Last-seen marks of these users (who may see them is the caller's rule). */
export async function lastSeenOf(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, lastSeenAt: users.lastSeenAt }).from(users).where(inArray(users.id, ids));
}
