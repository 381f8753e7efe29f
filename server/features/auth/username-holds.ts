import { createHash } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import { USERNAME_TAKEN_MESSAGE } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { usernameHolds } from '../../db/schema/index';
import { conflict } from '../../lib/http-errors';

/** How long a released username stays out of everyone else's reach (docs/decisions/111-cooling-off-periods.md). */
const USERNAME_HOLD_DAYS = 30;

/** Names are compared in lower case, as the unique index does; only this hash is stored. */
const hashUsername = (username: string) => createHash('sha256').update(username.trim().toLowerCase()).digest('hex');

/**
 * Keeps `username`, just given up by `userId` (a rename or an account deletion), from anyone
 * else for 30 days; the previous owner may take it back meanwhile (a deleted account cannot).
 */
export async function holdReleasedUsername(db: Db, username: string, userId: string, now = new Date()): Promise<void> {
  const heldUntil = new Date(now.getTime() + USERNAME_HOLD_DAYS * 24 * 60 * 60 * 1000);
  await db
    .insert(usernameHolds)
    .values({ usernameHash: hashUsername(username), userId, heldUntil })
    .onConflictDoUpdate({ target: usernameHolds.usernameHash, set: { userId, heldUntil } });
}

/** 409 "Username is already taken" when `username` is held for someone other than `userId` (null: a new account). */
export async function assertUsernameNotHeld(db: Db, username: string, userId: string | null): Promise<void> {
  const now = new Date();
  const [hold] = await db
    .select({ userId: usernameHolds.userId })
    .from(usernameHolds)
    .where(and(eq(usernameHolds.usernameHash, hashUsername(username)), gt(usernameHolds.heldUntil, now)))
    .limit(1);
  if (hold && (hold.userId === null || hold.userId !== userId)) throw conflict(USERNAME_TAKEN_MESSAGE);
}

/**
 * After a rename: the old name is held for the user, and a hold on the new one (theirs, taken
 * back) ends. A change of case only keeps the same name. Expired holds are swept on the way.
 */
export async function recordUsernameChange(db: Db, userId: string, previous: string, next: string): Promise<void> {
  if (previous.toLowerCase() === next.toLowerCase()) return;
  const now = new Date();
  await db.delete(usernameHolds).where(lte(usernameHolds.heldUntil, now));
  await db.delete(usernameHolds).where(eq(usernameHolds.usernameHash, hashUsername(next)));
  await holdReleasedUsername(db, previous, userId, now);
}
