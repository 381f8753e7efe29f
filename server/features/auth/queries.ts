import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { authSessions, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUsername(db: Db, id: string, username: string): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ username }).where(eq(users.id, id)).returning();
  return row;
}

export async function insertAuthSession(db: Db, values: typeof authSessions.$inferInsert): Promise<void> {
  await db.insert(authSessions).values(values);
}

export async function deleteAuthSession(db: Db, id: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, id));
}

/** One round trip: the live auth session and its user. */
const userByAuthSession = preparedPerDatabase((db) =>
  db
    .select({ user: users, expiresAt: authSessions.expiresAt, lastSeenAt: authSessions.lastSeenAt })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, sql.placeholder('sessionId')), gt(authSessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('user_by_auth_session'),
);

export async function findUserByAuthSession(db: Db, sessionId: string, now: Date) {
  const [row] = await userByAuthSession(db).execute({ sessionId, now: now.toISOString() });
  return row;
}

/** Records activity: last seen, and a later expiry when the sliding window moved. */
export async function touchAuthSession(
  db: Db,
  sessionId: string,
  values: { lastSeenAt: Date; expiresAt?: Date },
): Promise<void> {
  await db.update(authSessions).set(values).where(eq(authSessions.id, sessionId));
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** The user's live sessions, most recently seen first. */
export async function listAuthSessions(db: Db, userId: string, now: Date) {
  return db
    .select({
      id: authSessions.id,
      publicId: authSessions.publicId,
      createdAt: authSessions.createdAt,
      lastSeenAt: authSessions.lastSeenAt,
      userAgent: authSessions.userAgent,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, now)))
    .orderBy(desc(authSessions.lastSeenAt), desc(authSessions.createdAt));
}

/** The internal id of one of the user's sessions by its public id. */
export async function findAuthSessionId(db: Db, userId: string, publicId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), eq(authSessions.publicId, publicId)))
    .limit(1);
  return row?.id;
}

/** Deletes every session of the user but `keepId`; returns the ids that ended. */
export async function deleteOtherAuthSessions(db: Db, userId: string, keepId: string): Promise<string[]> {
  const rows = await db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, userId), ne(authSessions.id, keepId)))
    .returning({ id: authSessions.id });
  return rows.map((row) => row.id);
}

/** Records which terms the user accepted, and when. */
export async function updateTermsAcceptance(
  db: Db,
  userId: string,
  values: { termsAcceptedAt: Date; termsVersion: string },
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  return row;
}
