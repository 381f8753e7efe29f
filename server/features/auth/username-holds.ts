import { and, eq, gt, lte } from 'drizzle-orm';
import { USERNAME_TAKEN_MESSAGE } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { usernameHolds, users } from '../../db/schema/index';
import { conflict } from '../../lib/http-errors';
import type { NameHash } from '../../lib/name-hash';
import { findUserByUsername } from './queries';

/** How long a released username stays out of everyone else's reach (docs/decisions/111-cooling-off-periods.md). */
const USERNAME_HOLD_DAYS = 30;

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
    .where(and(eq(usernameHolds.usernameHash, nameHash(username)), gt(usernameHolds.heldUntil, now)));
  if (holds.some((hold) => hold.userId === null || hold.userId !== userId)) throw conflict(USERNAME_TAKEN_MESSAGE);
}

/**
 * After a rename: the old name is held for the user, and a hold on the new one (theirs, taken
 * back) ends. A change of case only keeps the same name. Expired holds are swept on the way.
 */
async function recordUsernameChange(
  db: Db,
  nameHash: NameHash,
  userId: string,
  previous: string,
  next: string,
): Promise<void> {
  if (previous.toLowerCase() === next.toLowerCase()) return;
  const now = new Date();
  await db.delete(usernameHolds).where(lte(usernameHolds.heldUntil, now));
  await db.delete(usernameHolds).where(eq(usernameHolds.usernameHash, nameHash(next)));
  await holdReleasedUsername(db, nameHash, previous, userId, now);
}

/**
 * A rename and its 30-day hold as one change, in the caller's transaction `tx`: the user's row is
 * locked first, so two renames of one account run one after the other and each holds the name the
 * account really had; `next` is checked free for them (no other account, no one else's hold)
 * under that lock; `update` writes the row (the rename, and whatever else the caller changes);
 * then the name left is held. `next` undefined: only the lock and `update` (nothing renamed).
 * Undefined when the user does not exist. Used by PUT /api/auth/username and PATCH /api/profile.
 */
export async function renameWithHold<Row extends { username: string }>(
  tx: Db,
  nameHash: NameHash,
  userId: string,
  next: string | undefined,
  update: () => Promise<Row | undefined>,
): Promise<Row | undefined> {
  // `no key update`: the row's key is not changing, so rows referencing the user (a new Shro, a
  // message) are not held up; another rename's lock still waits for this one.
  const [locked] = await tx
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!locked) return undefined;
  const previous = locked.username;
  if (next !== undefined) {
    const holder = await findUserByUsername(tx, next);
    if (holder && holder.id !== userId) throw conflict(USERNAME_TAKEN_MESSAGE);
    await assertUsernameNotHeld(tx, nameHash, next, userId);
  }
  const row = await update();
  if (row && next !== undefined) await recordUsernameChange(tx, nameHash, userId, previous, row.username);
  return row;
}
