import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

/** The columns anyone may see of a user: select these (never `users`) when reading other people. */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  createdAt: users.createdAt,
};

export type PublicUserRow = {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  createdAt: Date;
};

/** The public columns of a user by name (any case), with their suspension beside them for the caller to check. */
export async function findPublicUserByUsername(
  db: Db,
  username: string,
): Promise<(PublicUserRow & { suspendedUntil: Date | null }) | undefined> {
  const [row] = await db
    .select({ ...publicUserColumns, suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
}

export type ProfilePatch = Partial<{
  username: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}>;

/** Applies a profile change and returns the whole row (for the owner's own view). */
export async function updateUserProfile(db: Db, userId: string, patch: ProfilePatch) {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as ProfilePatch;
  if (Object.keys(changes).length === 0) {
    const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    return row;
  }
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row;
}
