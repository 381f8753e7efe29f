import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { USERNAME_TAKEN_MESSAGE } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { usernameHolds } from '../../db/schema/index';
import { conflict } from '../../lib/http-errors';
import type { NameHash } from '../../lib/name-hash';

/** How long a released username stays out of everyone else's reach (docs/decisions/111-cooling-off-periods.md). */
const USERNAME_HOLD_DAYS = 30;

/**
 * The unkeyed SHA-256 holds were stored under before decision 126. Only looked up, never written:
 * such a hold keeps its name until it lapses (30 days at most), and this goes once they all have.
 */
const legacyHash = (username: string) => createHash('sha256').update(username.trim().toLowerCase()).digest('hex');

/** The stored forms a hold on `username` may have: the keyed hash, and the legacy one while it lasts. */
const hashesOf = (nameHash: NameHash, username: string) => [nameHash(username), legacyHash(username)];

/**
 * Keeps `username`, just given up by `userId` (a rename or an account deletion), from anyone
 * else for 30 days; the previous owner may take it back meanwhile (a deleted account cannot).
 * Only the name's keyed hash is stored (decision 126).
 */
export async function holdReleasedUsername(
  db: Db,
  nameHash: NameHash,
  username: string,
  userId: string,
  now = new Date(),
): Promise<void> {
  const heldUntil = new Date(now.getTime() + USERNAME_HOLD_DAYS * 24 * 60 * 60 * 1000);
  await db.delete(usernameHolds).where(eq(usernameHolds.usernameHash, legacyHash(username)));
  await db
    .insert(usernameHolds)
    .values({ usernameHash: nameHash(username), userId, heldUntil })
    .onConflictDoUpdate({ target: usernameHolds.usernameHash, set: { userId, heldUntil } });
}

/** 409 "Username is already taken" when `username` is held for someone other than `userId` (null: a new account). */
export async function assertUsernameNotHeld(
  db: Db,
  nameHash: NameHash,
  username: string,
  userId: string | null,
): Promise<void> {
  const now = new Date();
  const holds = await db
    .select({ userId: usernameHolds.userId })
    .from(usernameHolds)
    .where(and(inArray(usernameHolds.usernameHash, hashesOf(nameHash, username)), gt(usernameHolds.heldUntil, now)));
  if (holds.some((hold) => hold.userId === null || hold.userId !== userId)) throw conflict(USERNAME_TAKEN_MESSAGE);
}

/**
 * After a rename: the old name is held for the user, and a hold on the new one (theirs, taken
 * back) ends. A change of case only keeps the same name. Expired holds are swept on the way.
 */
export async function recordUsernameChange(
  db: Db,
  nameHash: NameHash,
  userId: string,
  previous: string,
  next: string,
): Promise<void> {
  if (previous.toLowerCase() === next.toLowerCase()) return;
  const now = new Date();
  await db.delete(usernameHolds).where(lte(usernameHolds.heldUntil, now));
  await db.delete(usernameHolds).where(inArray(usernameHolds.usernameHash, hashesOf(nameHash, next)));
  await holdReleasedUsername(db, nameHash, previous, userId, now);
}
