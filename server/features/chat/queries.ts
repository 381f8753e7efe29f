import { and, count, desc, eq, gt, isNull, max, or, sql } from 'drizzle-orm';
import type { MessageType } from '../../../contract/chat';
import type { Db } from '../../db/client';
import { chatClears, messages, shros, users } from '../../db/schema/index';
import { blockedBySql } from '../blocks/queries';
import { publicUserColumns } from '../profiles/queries';

export type MessageRow = typeof messages.$inferSelect;

export async function insertMessage(
  db: Db,
  values: { senderId: string; recipientId: string; content: string; messageType: MessageType; shroId: string | null },
): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  return row!;
}

/** Who may see a Shro well enough to share it: its creator and its public/link flags. */
export async function findShroShareInfo(db: Db, shroId: string) {
  const [row] = await db
    .select({ creatorId: shros.creatorId, isPublic: shros.isPublic, isShareable: shros.isShareable })
    .from(shros)
    .where(eq(shros.id, shroId))
    .limit(1);
  return row;
}

/** Messages `other` sent to `me` count as read (and delivered, if they were not yet); returns how many changed. */
export async function markConversationRead(db: Db, me: string, other: string, now: Date): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ readAt: now, deliveredAt: sql`coalesce(${messages.deliveredAt}, ${now})` })
    .where(and(eq(messages.senderId, other), eq(messages.recipientId, me), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return rows.length;
}

/** Everything sent to `me` that had not reached any of my screens yet counts as delivered; returns their senders. */
export async function markAllDelivered(db: Db, me: string, now: Date): Promise<string[]> {
  const rows = await db
    .update(messages)
    .set({ deliveredAt: now })
    // `read_at is null` is implied (read implies delivered); it lets the partial unread index serve this.
    .where(and(eq(messages.recipientId, me), isNull(messages.readAt), isNull(messages.deliveredAt)))
    .returning({ senderId: messages.senderId });
  return [...new Set(rows.map((row) => row.senderId))];
}

/**
 * A message `me` received that `me` deleted with its conversation, or from someone `me` blocked:
 * it no longer counts for `me`.
 */
const clearedForRecipient = (me: string) =>
  sql`(exists (select 1 from ${chatClears} where ${chatClears.userId} = ${me} and ${chatClears.otherId} = ${messages.senderId} and ${chatClears.clearedThroughId} >= ${messages.id}) or ${blockedBySql(me, messages.senderId)})`;

/** The newest message `me` deleted in the conversation with `other` (0: none). */
export async function findClearedThrough(db: Db, me: string, other: string): Promise<number> {
  const [row] = await db
    .select({ id: chatClears.clearedThroughId })
    .from(chatClears)
    .where(and(eq(chatClears.userId, me), eq(chatClears.otherId, other)))
    .limit(1);
  return row?.id ?? 0;
}

/**
 * Hides every message so far between `me` and `other` from `me` only (a later message shows again).
 * Returns the newest hidden id, 0 when they never exchanged one.
 */
export async function clearConversation(db: Db, me: string, other: string, now: Date): Promise<number> {
  const [newest] = await db
    .select({ id: max(messages.id) })
    .from(messages)
    .where(
      or(
        and(eq(messages.senderId, me), eq(messages.recipientId, other)),
        and(eq(messages.senderId, other), eq(messages.recipientId, me)),
      ),
    );
  const through = newest?.id ?? 0;
  if (through === 0) return 0;
  await db
    .insert(chatClears)
    .values({ userId: me, otherId: other, clearedThroughId: through, clearedAt: now })
    .onConflictDoUpdate({
      target: [chatClears.userId, chatClears.otherId],
      set: {
        clearedThroughId: sql`greatest(${chatClears.clearedThroughId}, excluded.cleared_through_id)`,
        clearedAt: now,
      },
    });
  return through;
}

/** The newest `limit` messages between exactly these two users after `afterId`, newest first. */
export async function listMessagesBetween(
  db: Db,
  me: string,
  other: string,
  limit: number,
  afterId = 0,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(
      and(
        or(
          and(eq(messages.senderId, me), eq(messages.recipientId, other)),
          and(eq(messages.senderId, other), eq(messages.recipientId, me)),
        ),
        gt(messages.id, afterId),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

export async function countUnreadMessages(db: Db, me: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.recipientId, me), isNull(messages.readAt), sql`not ${clearedForRecipient(me)}`));
  return row?.n ?? 0;
}

/** The last message of each conversation the user has, with the other person, newest first. */
export async function listConversationHeads(db: Db, me: string) {
  const otherId = sql<string>`case when ${messages.senderId} = ${me} then ${messages.recipientId} else ${messages.senderId} end`;
  // DISTINCT ON must repeat the ORDER BY expressions exactly, and a bound parameter would be
  // numbered differently in each; the parameter-free pair is the same key, since every row involves me.
  const pairLow = sql`least(${messages.senderId}, ${messages.recipientId})`;
  const pairHigh = sql`greatest(${messages.senderId}, ${messages.recipientId})`;
  const heads = db
    .selectDistinctOn([pairLow, pairHigh], {
      otherId: otherId.as('partner_id'),
      id: messages.id,
      senderId: messages.senderId,
      content: messages.content,
      messageType: messages.messageType,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(or(eq(messages.senderId, me), eq(messages.recipientId, me)))
    .orderBy(pairLow, pairHigh, desc(messages.createdAt), desc(messages.id))
    .as('heads');
  return (
    db
      .select({
        id: heads.id,
        senderId: heads.senderId,
        content: heads.content,
        messageType: heads.messageType,
        createdAt: heads.createdAt,
        user: publicUserColumns,
      })
      .from(heads)
      .innerJoin(users, eq(users.id, heads.otherId))
      // A conversation I deleted stays out of my list until a newer message arrives; one with
      // someone I blocked stays out until I unblock them (decision 104).
      .leftJoin(chatClears, and(eq(chatClears.userId, me), eq(chatClears.otherId, heads.otherId)))
      .where(
        and(
          gt(heads.id, sql`coalesce(${chatClears.clearedThroughId}, 0)`),
          sql`not ${blockedBySql(me, heads.otherId)}`,
        ),
      )
      .orderBy(desc(heads.createdAt), desc(heads.id))
  );
}

/** Unread messages to `me`, counted per sender. */
export async function countUnreadBySender(db: Db, me: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ senderId: messages.senderId, n: count() })
    .from(messages)
    .where(and(eq(messages.recipientId, me), isNull(messages.readAt), sql`not ${clearedForRecipient(me)}`))
    .groupBy(messages.senderId);
  return new Map(rows.map((r) => [r.senderId, r.n]));
}
