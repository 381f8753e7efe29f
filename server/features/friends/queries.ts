import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { friendRequests, friendships, users } from '../../db/schema/index';
import { type PublicUserRow, publicUserColumns } from '../profiles/queries';

/** Matches the one friendship row of a pair whichever way round the ids are given. */
const pairIs = (a: string, b: string) =>
  or(
    and(eq(friendships.userLowId, a), eq(friendships.userHighId, b)),
    and(eq(friendships.userLowId, b), eq(friendships.userHighId, a)),
  );

/**
 * Serialises every friend action on one pair until the transaction ends, so that crossing
 * requests (A→B while B→A) cannot both miss each other and leave two pending requests.
 */
export async function lockFriendPair(tx: Db, a: string, b: string): Promise<void> {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  // Two-key form, with a class id of its own, so it never collides with the migration lock.
  await tx.execute(sql`select pg_advisory_xact_lock(727275, hashtext(${key}))`);
}

export async function areFriends(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(friendships).where(pairIs(a, b)).limit(1);
  return Boolean(row);
}

/** Stores the friendship once; the database orders the pair, matching its CHECK constraint. */
export async function insertFriendship(db: Db, a: string, b: string): Promise<void> {
  await db
    .insert(friendships)
    .values({ userLowId: sql`least(${a}::text, ${b}::text)`, userHighId: sql`greatest(${a}::text, ${b}::text)` })
    .onConflictDoNothing();
}

export async function deleteFriendship(db: Db, a: string, b: string): Promise<boolean> {
  const rows = await db.delete(friendships).where(pairIs(a, b)).returning({ low: friendships.userLowId });
  return rows.length > 0;
}

export async function hasFriendRequest(db: Db, fromUserId: string, toUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: friendRequests.id })
    .from(friendRequests)
    .where(and(eq(friendRequests.fromUserId, fromUserId), eq(friendRequests.toUserId, toUserId)))
    .limit(1);
  return Boolean(row);
}

/** Inserts a pending request; false when the same request already exists. */
export async function insertFriendRequest(db: Db, fromUserId: string, toUserId: string): Promise<boolean> {
  const rows = await db
    .insert(friendRequests)
    .values({ fromUserId, toUserId })
    .onConflictDoNothing()
    .returning({ id: friendRequests.id });
  return rows.length > 0;
}

/** Removes one direction's request; false when there was none. */
export async function deleteFriendRequest(db: Db, fromUserId: string, toUserId: string): Promise<boolean> {
  const rows = await db
    .delete(friendRequests)
    .where(and(eq(friendRequests.fromUserId, fromUserId), eq(friendRequests.toUserId, toUserId)))
    .returning({ id: friendRequests.id });
  return rows.length > 0;
}

export async function findUsersByIds(db: Db, ids: string[]): Promise<PublicUserRow[]> {
  if (ids.length === 0) return [];
  return db.select(publicUserColumns).from(users).where(inArray(users.id, ids));
}

/** The other side of each of the user's friendships, by username. */
export async function listFriends(db: Db, userId: string): Promise<PublicUserRow[]> {
  return db
    .select(publicUserColumns)
    .from(friendships)
    .innerJoin(
      users,
      or(
        and(eq(friendships.userLowId, userId), eq(users.id, friendships.userHighId)),
        and(eq(friendships.userHighId, userId), eq(users.id, friendships.userLowId)),
      ),
    )
    .where(or(eq(friendships.userLowId, userId), eq(friendships.userHighId, userId)))
    .orderBy(sql`lower(${users.username})`);
}

/** Pending requests to the user (with who asked), newest first. */
export async function listIncomingRequests(db: Db, userId: string) {
  return db
    .select({ id: friendRequests.id, createdAt: friendRequests.createdAt, user: publicUserColumns })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.fromUserId))
    .where(eq(friendRequests.toUserId, userId))
    .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id));
}

/** Pending requests from the user (with who was asked), newest first. */
export async function listSentRequests(db: Db, userId: string) {
  return db
    .select({ id: friendRequests.id, createdAt: friendRequests.createdAt, user: publicUserColumns })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.toUserId))
    .where(eq(friendRequests.fromUserId, userId))
    .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id));
}

/** `\`, `%` and `_` are LIKE wildcards; the term must match them literally. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users whose username contains the term (any case), prefix matches first, never the searcher. */
export async function searchUsersByUsername(
  db: Db,
  userId: string,
  term: string,
  limit: number,
): Promise<PublicUserRow[]> {
  const lowered = escapeLike(term.toLowerCase());
  const name = sql`lower(${users.username})`;
  return db
    .select(publicUserColumns)
    .from(users)
    .where(and(ne(users.id, userId), sql`${name} like ${`%${lowered}%`}`))
    .orderBy(sql`(${name} like ${`${lowered}%`}) desc`, sql`length(${users.username})`, name)
    .limit(limit);
}

/** Who among `otherIds` is a friend, was asked by the user, or has asked the user. */
export async function relationsWith(db: Db, userId: string, otherIds: string[]) {
  const friends = new Set<string>();
  const sent = new Set<string>();
  const received = new Set<string>();
  if (otherIds.length === 0) return { friends, sent, received };
  const [friendRows, requestRows] = await Promise.all([
    db
      .select({ low: friendships.userLowId, high: friendships.userHighId })
      .from(friendships)
      .where(
        or(
          and(eq(friendships.userLowId, userId), inArray(friendships.userHighId, otherIds)),
          and(eq(friendships.userHighId, userId), inArray(friendships.userLowId, otherIds)),
        ),
      ),
    db
      .select({ from: friendRequests.fromUserId, to: friendRequests.toUserId })
      .from(friendRequests)
      .where(
        or(
          and(eq(friendRequests.fromUserId, userId), inArray(friendRequests.toUserId, otherIds)),
          and(eq(friendRequests.toUserId, userId), inArray(friendRequests.fromUserId, otherIds)),
        ),
      ),
  ]);
  for (const row of friendRows) friends.add(row.low === userId ? row.high : row.low);
  for (const row of requestRows) {
    if (row.from === userId) sent.add(row.to);
    else received.add(row.from);
  }
  return { friends, sent, received };
}
