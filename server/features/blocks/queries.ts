import { type AnyColumn, and, asc, desc, eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { BLOCK_LIST_LIMIT } from '../../../contract/blocks';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { shroMutes, shros, userBlocks, userMutes, users } from '../../db/schema/index';
import { anyOf } from '../../db/unnest';

/*
 * The one owner of blocks and mutes (docs/decisions/092-one-owner-per-concept.md): other features
 * ask through `blockedEitherWaySql`, `silencedBySql`, `blockedEitherWay`, `blockedIdsOf`, `isMuted`
 * and `listBlocksAndMutesForExport`, never by reading the tables themselves.
 */

/**
 * SQL that is true when the user in `userIdColumn` and `viewerId` blocked each other either way:
 * `where(not(blockedEitherWaySql(shros.creatorId, viewerId)))` leaves their rows out.
 */
export const blockedEitherWaySql = (userIdColumn: AnyColumn | SQLWrapper, viewerId: string | SQLWrapper): SQL =>
  sql`exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${userIdColumn}) or (${userBlocks.blockerId} = ${userIdColumn} and ${userBlocks.blockedId} = ${viewerId}))`;

/** SQL that is true when `viewerId` blocked the user in `userIdColumn` (one way: the viewer's own choice). */
export const blockedBySql = (viewerId: string, userIdColumn: AnyColumn | SQLWrapper): SQL =>
  sql`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${userIdColumn})`;

/**
 * SQL: the ids of the people `userId` hears nothing from, as a set for `${column} not in ${…}`:
 * those they blocked, those who blocked them, and those they muted. Where a statement tests many
 * rows (a count of a notification group's people), PostgreSQL reads this set once and looks each
 * row up in it, while `blockedEitherWaySql` scans its table again for every row.
 * The ids are never null; the column tested must not be null either (`null not in` is null).
 */
export const silencedBySql = (userId: string): SQL =>
  sql`(select ${userBlocks.blockedId} from ${userBlocks} where ${userBlocks.blockerId} = ${userId}
    union all select ${userBlocks.blockerId} from ${userBlocks} where ${userBlocks.blockedId} = ${userId}
    union all select ${userMutes.mutedId} from ${userMutes} where ${userMutes.userId} = ${userId})`;

/** Whether `a` and `b` blocked each other, either way round. */
const blockBetween = preparedPerDatabase((db) => {
  const [a, b] = [sql.placeholder('a'), sql.placeholder('b')];
  return db
    .select({ one: sql<number>`1` })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    )
    .limit(1)
    .prepare('block_between');
});

export async function blockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await blockBetween(db).execute({ a, b });
  return Boolean(row);
}

/** Whether `blockerId` blocked `blockedId` (this way round only). */
export async function hasBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return Boolean(row);
}

/** Everyone the user blocked or was blocked by: the people who must not reach them nor be reached. */
export async function blockedIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ blocker: userBlocks.blockerId, blocked: userBlocks.blockedId })
    .from(userBlocks)
    .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
  return [...new Set(rows.map((r) => (r.blocker === userId ? r.blocked : r.blocker)))];
}

/** Stores the block; a second one of the same pair changes nothing. */
export async function insertBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** The people the user blocked, newest first, public columns only. */
export async function listBlockedUsers(db: Db, userId: string) {
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      blockedAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, userId))
    .orderBy(desc(userBlocks.createdAt), users.username)
    .limit(BLOCK_LIST_LIMIT);
}

export async function insertUserMute(db: Db, userId: string, mutedId: string): Promise<void> {
  await db.insert(userMutes).values({ userId, mutedId }).onConflictDoNothing();
}

/** Whether `userId` muted `mutedId`. */
export async function hasMutedUser(db: Db, userId: string, mutedId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userMutes)
    .where(and(eq(userMutes.userId, userId), eq(userMutes.mutedId, mutedId)))
    .limit(1);
  return Boolean(row);
}

export async function deleteUserMute(db: Db, userId: string, mutedId: string): Promise<void> {
  await db.delete(userMutes).where(and(eq(userMutes.userId, userId), eq(userMutes.mutedId, mutedId)));
}

export async function insertShroMute(db: Db, userId: string, shroId: string): Promise<void> {
  await db.insert(shroMutes).values({ userId, shroId }).onConflictDoNothing();
}

export async function deleteShroMute(db: Db, userId: string, shroId: string): Promise<void> {
  await db.delete(shroMutes).where(and(eq(shroMutes.userId, userId), eq(shroMutes.shroId, shroId)));
}

/** The ids of the users and of the Shros the user muted, newest first. */
export async function listMutes(db: Db, userId: string): Promise<{ userIds: string[]; shroIds: string[] }> {
  const [mutedUsers, mutedShros] = await Promise.all([
    db
      .select({ id: userMutes.mutedId })
      .from(userMutes)
      .where(eq(userMutes.userId, userId))
      .orderBy(desc(userMutes.createdAt))
      .limit(BLOCK_LIST_LIMIT),
    db
      .select({ id: shroMutes.shroId })
      .from(shroMutes)
      .where(eq(shroMutes.userId, userId))
      .orderBy(desc(shroMutes.createdAt))
      .limit(BLOCK_LIST_LIMIT),
  ]);
  return { userIds: mutedUsers.map((r) => r.id), shroIds: mutedShros.map((r) => r.id) };
}

/** The people the user muted, newest first, public columns only. */
export async function listMutedUsers(db: Db, userId: string) {
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      mutedAt: userMutes.createdAt,
    })
    .from(userMutes)
    .innerJoin(users, eq(users.id, userMutes.mutedId))
    .where(eq(userMutes.userId, userId))
    .orderBy(desc(userMutes.createdAt), users.username)
    .limit(BLOCK_LIST_LIMIT);
}

/**
 * The Shros the user muted, newest first, by id and title. A Shro of someone they have a block
 * with is left out: it no longer exists for them, and its unmute would answer 404.
 */
export async function listMutedShros(db: Db, userId: string) {
  return db
    .select({ id: shros.id, title: shros.title, mutedAt: shroMutes.createdAt })
    .from(shroMutes)
    .innerJoin(shros, eq(shros.id, shroMutes.shroId))
    .where(and(eq(shroMutes.userId, userId), sql`not ${blockedEitherWaySql(shros.creatorId, userId)}`))
    .orderBy(desc(shroMutes.createdAt), shros.id)
    .limit(BLOCK_LIST_LIMIT);
}

/**
 * For the user's data export: everyone they blocked or muted (id and username) and the Shros they
 * muted, oldest first, with no limit. Only their own side: who blocked or muted them is left out.
 */
export async function listBlocksAndMutesForExport(db: Db, userId: string) {
  const [blockedUsers, mutedUsers, mutedShros] = await Promise.all([
    db
      .select({ userId: userBlocks.blockedId, username: users.username, createdAt: userBlocks.createdAt })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(eq(userBlocks.blockerId, userId))
      .orderBy(asc(userBlocks.createdAt)),
    db
      .select({ userId: userMutes.mutedId, username: users.username, createdAt: userMutes.createdAt })
      .from(userMutes)
      .innerJoin(users, eq(users.id, userMutes.mutedId))
      .where(eq(userMutes.userId, userId))
      .orderBy(asc(userMutes.createdAt)),
    db
      .select({ shroId: shroMutes.shroId, createdAt: shroMutes.createdAt })
      .from(shroMutes)
      .where(eq(shroMutes.userId, userId))
      .orderBy(asc(shroMutes.createdAt)),
  ]);
  return { blockedUsers, mutedUsers, mutedShros };
}

/**
 * Whether `userId` wants nothing from `about`: they muted its actor or its Shro, or they and the
 * actor blocked each other. For a check of one event; a batch goes through `deliverableTo`, and
 * notifications through `screenAndRoute` (server/features/push/dispatch.ts).
 */
export async function isMuted(
  db: Db,
  userId: string,
  about: { actorId?: string | null; shroId?: string | null },
): Promise<boolean> {
  const kept = await deliverableTo(db, [{ userId, actorId: about.actorId ?? null, shroId: about.shroId ?? null }]);
  return kept.length === 0;
}

interface Addressed {
  userId: string;
  actorId?: string | null;
  shroId?: string | null;
}

const pairKey = (a: string, b: string) => `${a}\u0000${b}`;

/** A block (either way), a user mute or a Shro mute that bears on some of the rows. */
export interface Silencing {
  kind: 'block' | 'user' | 'shro';
  a: string;
  b: string;
}

/**
 * The rows that may reach their `userId`: without those whose actor the user muted or has a block
 * with (either way), and those about a Shro the user muted. The one filter in front of every
 * notification (and so every push); one statement of three indexed reads whatever the number of
 * rows (decision 144). Notifications take it together with their routing, in one statement
 * (`screenAndRoute`, server/features/push/dispatch.ts).
 */
export async function deliverableTo<T extends Addressed>(db: Db, rows: T[]): Promise<T[]> {
  const reads = silencingSql(rows);
  if (!reads) return rows;
  const result = await db.execute(reads);
  return withoutSilenced(rows, (result as unknown as { rows: Silencing[] }).rows);
}

/** deliverableTo's reads: rows of `Silencing`, or null when the rows have no actor and no Shro. */
export function silencingSql(rows: Addressed[]): SQL | null {
  if (rows.length === 0) return null;
  const recipientIds = [...new Set(rows.map((r) => r.userId))];
  const actorIds = [...new Set(rows.flatMap((r) => (r.actorId ? [r.actorId] : [])))];
  const shroIds = [...new Set(rows.flatMap((r) => (r.shroId ? [r.shroId] : [])))];
  const reads: SQL[] = [];
  if (actorIds.length > 0) {
    reads.push(
      sql`select 'block' as kind, ${userBlocks.blockerId} as a, ${userBlocks.blockedId} as b from ${userBlocks} where ${or(
        and(anyOf(userBlocks.blockerId, recipientIds, 'text'), anyOf(userBlocks.blockedId, actorIds, 'text')),
        and(anyOf(userBlocks.blockerId, actorIds, 'text'), anyOf(userBlocks.blockedId, recipientIds, 'text')),
      )}`,
      sql`select 'user' as kind, ${userMutes.userId} as a, ${userMutes.mutedId} as b from ${userMutes} where ${and(
        anyOf(userMutes.userId, recipientIds, 'text'),
        anyOf(userMutes.mutedId, actorIds, 'text'),
      )}`,
    );
  }
  if (shroIds.length > 0) {
    reads.push(
      sql`select 'shro' as kind, ${shroMutes.userId} as a, ${shroMutes.shroId} as b from ${shroMutes} where ${and(
        anyOf(shroMutes.userId, recipientIds, 'text'),
        anyOf(shroMutes.shroId, shroIds, 'text'),
      )}`,
    );
  }
  return reads.length === 0 ? null : sql.join(reads, sql` union all `);
}

/** The rows none of `found` (silencingSql's rows) silences. */
export function withoutSilenced<T extends Addressed>(rows: T[], found: Silencing[]): T[] {
  if (found.length === 0) return rows;
  const silencedActors = new Set(
    found.flatMap((r) =>
      r.kind === 'block' ? [pairKey(r.a, r.b), pairKey(r.b, r.a)] : r.kind === 'user' ? [pairKey(r.a, r.b)] : [],
    ),
  );
  const silencedShros = new Set(found.filter((r) => r.kind === 'shro').map((r) => pairKey(r.a, r.b)));
  return rows.filter(
    (row) =>
      !(row.actorId && silencedActors.has(pairKey(row.userId, row.actorId))) &&
      !(row.shroId && silencedShros.has(pairKey(row.userId, row.shroId))),
  );
}
