import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
export async function findUserByAuthSession(db: Db, sessionId: string, now: Date) {
  const [row] = await db
    .select({ user: users, expiresAt: authSessions.expiresAt })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, sessionId), gt(authSessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function extendAuthSession(db: Db, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(authSessions).set({ expiresAt }).where(eq(authSessions.id, sessionId));
}
