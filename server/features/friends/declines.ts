import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { friendRequestDeclines } from '../../db/schema/index';

/** A declined request cannot be sent again for this long (docs/decisions/111-cooling-off-periods.md). */
const DECLINE_COOL_OFF_DAYS = 7;

/** Remembers that `toUserId` declined `fromUserId`'s request, now. */
export async function recordDecline(db: Db, fromUserId: string, toUserId: string, now = new Date()): Promise<void> {
  await db
    .insert(friendRequestDeclines)
    .values({ fromUserId, toUserId, declinedAt: now })
    .onConflictDoUpdate({
      target: [friendRequestDeclines.fromUserId, friendRequestDeclines.toUserId],
      set: { declinedAt: now },
    });
}

/** Whether `toUserId` declined a request of `fromUserId` in the last 7 days. */
export async function declinedRecently(
  db: Db,
  fromUserId: string,
  toUserId: string,
  now = new Date(),
): Promise<boolean> {
  const since = new Date(now.getTime() - DECLINE_COOL_OFF_DAYS * 24 * 60 * 60 * 1000);
  const [row] = await db
    .select({ declinedAt: friendRequestDeclines.declinedAt })
    .from(friendRequestDeclines)
    .where(
      and(
        eq(friendRequestDeclines.fromUserId, fromUserId),
        eq(friendRequestDeclines.toUserId, toUserId),
        gt(friendRequestDeclines.declinedAt, since),
      ),
    )
    .limit(1);
  return !!row;
}

/** The user asks someone they once declined: that decline no longer stands between them. */
export async function forgetDecline(db: Db, fromUserId: string, toUserId: string): Promise<void> {
  await db
    .delete(friendRequestDeclines)
    .where(and(eq(friendRequestDeclines.fromUserId, fromUserId), eq(friendRequestDeclines.toUserId, toUserId)));
}
