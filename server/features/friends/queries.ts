import { type AnyColumn, and, asc, desc, eq, inArray, ne, not, or, sql } from 'drizzle-orm';
import { DELETED_USERNAME_PREFIX } from '../../../contract/deleted-user';
import type { Db } from '../../db/client';
import { friendRequests, friendships, users } from '../../db/schema/index';
import { blockedEitherWaySql } from '../blocks/queries';
import { type PublicUserRow, publicUserColumns } from '../profiles/queries';

/*
 * A friendship is stored once per pair, the lower id first (a CHECK constraint holds it). Only this
 * file knows that: other features ask through `areFriends`, `friendIdsOf` and `whichAreFriends`
 * (docs/decisions/092-one-owner-per-concept.md).
 */

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

/** The user's friendship rows, on either side. */
const friendshipsOf = (userId: string) => or(eq(friendships.userLowId, userId), eq(friendships.userHighId, userId));

/** Joins `users` to the other side of each of the user's friendship rows. */
const otherUserOf = (userId: string) =>
  or(
    and(eq(friendships.userLowId, userId), eq(users.id, friendships.userHighId)),
    and(eq(friendships.userHighId, userId), eq(users.id, friendships.userLowId)),
  );

/** Rows that link `userId` to one of `otherIds`, whichever of the two columns holds which. */
const linking = (a: AnyColumn, b: AnyColumn, userId: string, otherIds: string[]) =>
  or(and(eq(a, userId), inArray(b, otherIds)), and(eq(b, userId), inArray(a, otherIds)));

/** The other side of a friendship row of `userId`. */
const otherSide = (userId: string) => (row: { low: string; high: string }) => (row.low === userId ? row.high : row.low);

export async function areFriends(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(friendships).where(pairIs(a, b)).limit(1);
  return Boolean(row);
}

/** The ids of all the user's friends. */
export async function friendIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ low: friendships.userLowId, high: friendships.userHighId })
    .from(friendships)
    .where(friendshipsOf(userId));
  return rows.map(otherSide(userId));
}

/** Which of `candidateIds` are the user's friends. */
export async function whichAreFriends(db: Db, userId: string, candidateIds: readonly string[]): Promise<Set<string>> {
  if (candidateIds.length === 0) return new Set();
  const rows = await db
    .select({ low: friendships.userLowId, high: friendships.userHighId })
    .from(friendships)
    .where(linking(friendships.userLowId, friendships.userHighId, userId, [...candidateIds]));
  return new Set(rows.map(otherSide(userId)));
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
    .innerJoin(users, otherUserOf(userId))
    .where(friendshipsOf(userId))
    .orderBy(sql`lower(${users.username})`);
}

/** The user's friends for their data export, with when each friendship began, oldest first (public columns only). */
export async function listFriendsForExport(db: Db, userId: string) {
  return db
    .select({
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      since: friendships.createdAt,
    })
    .from(friendships)
    .innerJoin(users, otherUserOf(userId))
    .where(friendshipsOf(userId))
    .orderBy(asc(friendships.createdAt));
}

/** Pending requests on one side of the user, each with the user on the other side, newest first. */
function listRequests(db: Db, userId: string, userSide: 'fromUserId' | 'toUserId') {
  const otherUserSide = userSide === 'fromUserId' ? 'toUserId' : 'fromUserId';
  return db
    .select({ id: friendRequests.id, createdAt: friendRequests.createdAt, user: publicUserColumns })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests[otherUserSide]))
    .where(eq(friendRequests[userSide], userId))
    .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id));
}

/** Pending requests to the user (with who asked), newest first. */
export const listIncomingRequests = (db: Db, userId: string) => listRequests(db, userId, 'toUserId');

/** Pending requests from the user (with who was asked), newest first. */
export const listSentRequests = (db: Db, userId: string) => listRequests(db, userId, 'fromUserId');

/** `\`, `%` and `_` are LIKE wildcards; the term must match them literally. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users whose username contains the term (any case), prefix matches first, never the searcher nor a blocked user. */
export async function searchUsersByUsername(
  db: Db,
  userId: string,
  term: string,
  limit: number,
): Promise<PublicUserRow[]> {
  const lowered = escapeLike(term.toLowerCase());
  const name = sql`lower(${users.username})`;
  // Someone the user blocked, or who blocked the user, is not listed (decision 104).
  const notBlocked = not(blockedEitherWaySql(users.id, userId));
  return db
    .select(publicUserColumns)
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        notBlocked,
        sql`${name} like ${`%${lowered}%`}`,
        // Deleted accounts' tombstones are nobody to find (docs/decisions/115-account-deletion-tombstone.md).
        sql`${name} not like ${`${DELETED_USERNAME_PREFIX}%`}`,
      ),
    )
    .orderBy(sql`(${name} like ${`${lowered}%`}) desc`, sql`length(${users.username})`, name)
    .limit(limit);
}

/** Who among `otherIds` is a friend, was asked by the user, or has asked the user. */
export async function relationsWith(db: Db, userId: string, otherIds: string[]) {
  const sent = new Set<string>();
  const received = new Set<string>();
  if (otherIds.length === 0) return { friends: new Set<string>(), sent, received };
  const [friends, requestRows] = await Promise.all([
    whichAreFriends(db, userId, otherIds),
    db
      .select({ from: friendRequests.fromUserId, to: friendRequests.toUserId })
      .from(friendRequests)
      .where(linking(friendRequests.fromUserId, friendRequests.toUserId, userId, otherIds)),
  ]);
  for (const row of requestRows) {
    if (row.from === userId) sent.add(row.to);
    else received.add(row.from);
  }
  return { friends, sent, received };
}
