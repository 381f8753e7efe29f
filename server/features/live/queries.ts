import { and, eq, inArray, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { friendships, users } from '../../db/schema/index';

/** Marks these users as seen now: one statement for every user with an open channel on this instance. */
export async function touchPresence(db: Db, userIds: string[], now: Date): Promise<void> {
  if (userIds.length === 0) return;
  await db.update(users).set({ lastSeenAt: now }).where(inArray(users.id, userIds));
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

/** The ids of the user's friends (a friendship row is stored once, low id first). */
export async function listFriendIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ low: friendships.userLowId, high: friendships.userHighId })
    .from(friendships)
    .where(or(eq(friendships.userLowId, userId), eq(friendships.userHighId, userId)));
  return rows.map((row) => (row.low === userId ? row.high : row.low));
}
