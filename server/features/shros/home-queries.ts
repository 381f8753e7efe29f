import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, not, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, picks, shroRecipients, shros, users } from '../../db/schema/index';
import { blockedEitherWaySql } from '../blocks/queries';
import { creatorColumns } from './queries';
import { visibleShroSql } from './visibility-sql';

/** The home inbox's reads (GET /api/home): what waits for the user, and their own open Shros. */

const notPickedBy = (db: Db, userId: string) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(picks)
      .where(and(eq(picks.shroId, shros.id), eq(picks.userId, userId))),
  );

const notExpiredAt = (now: Date) => or(isNull(shros.expiresAt), gt(shros.expiresAt, now));

/** Private Shros sent to the user that they may see and neither opened nor removed, newest first. */
export async function listUnopenedReceived(db: Db, userId: string, now: Date, limit: number) {
  return db
    .select({ shro: shros, creator: creatorColumns })
    .from(shroRecipients)
    .innerJoin(shros, eq(shros.id, shroRecipients.shroId))
    .innerJoin(users, eq(users.id, shros.creatorId))
    .where(
      and(
        eq(shroRecipients.userId, userId),
        isNull(shroRecipients.hiddenAt),
        notPickedBy(db, userId),
        visibleShroSql(userId, now),
      ),
    )
    .orderBy(desc(shros.createdAt), desc(shros.id))
    .limit(limit);
}

/**
 * Link and public Shros someone shared with the user in a chat that the user may see, still open
 * and not opened by them, each once (its latest share), newest share first. Not their own, nor
 * shared by someone they have a block with.
 */
export async function listUnopenedSharedInChat(db: Db, userId: string, now: Date, limit: number) {
  const latest = db
    .select({
      shroId: messages.shroId,
      senderId:
        sql<string>`(array_agg(${messages.senderId} order by ${messages.createdAt} desc, ${messages.id} desc))[1]`.as(
          'sender_id',
        ),
      sharedAt: sql<Date>`max(${messages.createdAt})`.as('shared_at'),
    })
    .from(messages)
    .where(and(eq(messages.recipientId, userId), eq(messages.messageType, 'shro_share'), isNotNull(messages.shroId)))
    .groupBy(messages.shroId)
    .as('latest_share');
  const rows = await db
    .select({
      shro: shros,
      creator: creatorColumns,
      senderId: latest.senderId,
      sharedAt: latest.sharedAt,
    })
    .from(latest)
    .innerJoin(shros, eq(shros.id, latest.shroId))
    .innerJoin(users, eq(users.id, shros.creatorId))
    .where(
      and(
        ne(shros.creatorId, userId),
        or(eq(shros.isShareable, true), eq(shros.isPublic, true)),
        visibleShroSql(userId, now),
        not(blockedEitherWaySql(latest.senderId, userId)),
        notExpiredAt(now),
        notPickedBy(db, userId),
      ),
    )
    .orderBy(desc(latest.sharedAt))
    .limit(limit);
  // The aggregate's timestamp comes back as text from some drivers.
  return rows.map((row) => ({ ...row, sharedAt: new Date(row.sharedAt) }));
}

/**
 * The user's own Shros still open for picks, newest first: links and public ones that have not
 * expired, and private ones that some recipient has not opened yet.
 */
export async function listOwnOpen(db: Db, userId: string, now: Date, limit: number) {
  const recipientCount = db
    .select({ n: sql<number>`count(*)` })
    .from(shroRecipients)
    .where(eq(shroRecipients.shroId, shros.id));
  return db
    .select({ shro: shros, creator: creatorColumns })
    .from(shros)
    .innerJoin(users, eq(users.id, shros.creatorId))
    .where(
      and(
        eq(shros.creatorId, userId),
        or(
          and(or(eq(shros.isShareable, true), eq(shros.isPublic, true)), notExpiredAt(now)),
          and(
            eq(shros.isShareable, false),
            eq(shros.isPublic, false),
            lt(shros.participantCount, sql`(${recipientCount})`),
          ),
        ),
      ),
    )
    .orderBy(desc(shros.createdAt), desc(shros.id))
    .limit(limit);
}

/** Id and username of each of these users, by id. */
export async function listUsernames(db: Db, ids: string[]): Promise<Map<string, { id: string; username: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Whether the user has created any Shro at all. */
export async function hasCreatedAny(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: shros.id }).from(shros).where(eq(shros.creatorId, userId)).limit(1);
  return row !== undefined;
}
