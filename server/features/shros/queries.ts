import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { participations, reactions, shroBoxes, shroRecipients, shros, uploads, users } from '../../db/schema/index';

export type ShroRow = typeof shros.$inferSelect;
export type NewShroRow = typeof shros.$inferInsert;
export type NewBoxRow = typeof shroBoxes.$inferInsert;

/** A Shro's creator as every view shows them. */
export const creatorColumns = {
  id: users.id,
  username: users.username,
  profileImageUrl: users.profileImageUrl,
};

// ---- create -------------------------------------------------------------------------------

export async function insertShro(db: Db, values: NewShroRow): Promise<void> {
  await db.insert(shros).values(values);
}

export async function insertBoxes(db: Db, rows: NewBoxRow[]): Promise<void> {
  await db.insert(shroBoxes).values(rows);
}

export async function insertRecipients(db: Db, shroId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(shroRecipients).values(userIds.map((userId) => ({ shroId, userId })));
}

// ---- read ---------------------------------------------------------------------------------

export async function findShroWithCreator(db: Db, id: string) {
  const [row] = await db
    .select({ shro: shros, creator: creatorColumns })
    .from(shros)
    .innerJoin(users, eq(users.id, shros.creatorId))
    .where(eq(shros.id, id))
    .limit(1);
  return row;
}

/** The four boxes in position order, with the content hash of an uploaded image. */
export async function listBoxes(db: Db, shroId: string) {
  return db
    .select({ box: shroBoxes, imageSha256: uploads.sha256 })
    .from(shroBoxes)
    .leftJoin(uploads, eq(uploads.key, shroBoxes.imageKey))
    .where(eq(shroBoxes.shroId, shroId))
    .orderBy(asc(shroBoxes.position));
}
export type BoxWithHash = Awaited<ReturnType<typeof listBoxes>>[number];

/** Recipients of a private Shro, by username (the table keeps no order of choice). */
export async function listRecipients(db: Db, shroIds: string[]) {
  if (shroIds.length === 0) return [];
  return db
    .select({ shroId: shroRecipients.shroId, id: users.id, username: users.username })
    .from(shroRecipients)
    .innerJoin(users, eq(users.id, shroRecipients.userId))
    .where(inArray(shroRecipients.shroId, shroIds))
    .orderBy(asc(users.username));
}

export async function findParticipation(db: Db, shroId: string, userId: string) {
  const [row] = await db
    .select({ boxId: participations.boxId, createdAt: participations.createdAt, isCorrect: participations.isCorrect })
    .from(participations)
    .where(and(eq(participations.shroId, shroId), eq(participations.userId, userId)))
    .limit(1);
  return row;
}

export async function findUsername(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.username ?? null;
}

/** The creator's participants list: newest first, with each one's box and reaction. */
export async function listParticipants(db: Db, shroId: string, limit: number) {
  return db
    .select({
      userId: participations.userId,
      username: users.username,
      selectedBoxId: participations.boxId,
      selectedBoxPosition: shroBoxes.position,
      reaction: reactions.emoji,
      createdAt: participations.createdAt,
    })
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .innerJoin(shroBoxes, eq(shroBoxes.id, participations.boxId))
    .leftJoin(reactions, and(eq(reactions.shroId, participations.shroId), eq(reactions.userId, participations.userId)))
    .where(eq(participations.shroId, shroId))
    .orderBy(desc(participations.createdAt), desc(participations.id))
    .limit(limit);
}

export async function countSelectionsByBox(db: Db, shroId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ boxId: participations.boxId, n: count() })
    .from(participations)
    .where(eq(participations.shroId, shroId))
    .groupBy(participations.boxId);
  return new Map(rows.map((row) => [row.boxId, row.n]));
}

export async function countReactions(db: Db, shroId: string) {
  return db
    .select({ emoji: reactions.emoji, count: count() })
    .from(reactions)
    .where(eq(reactions.shroId, shroId))
    .groupBy(reactions.emoji);
}

export async function findReaction(db: Db, shroId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ emoji: reactions.emoji })
    .from(reactions)
    .where(and(eq(reactions.shroId, shroId), eq(reactions.userId, userId)))
    .limit(1);
  return row?.emoji ?? null;
}

// ---- select -------------------------------------------------------------------------------

/**
 * Records a pick. The unique index on (shro, user) decides races: a second pick by the same user
 * inserts nothing and returns undefined, however many arrive at once.
 */
export async function insertParticipation(
  db: Db,
  values: { shroId: string; userId: string; boxId: number; isCorrect: boolean | null; createdAt: Date },
) {
  const [row] = await db
    .insert(participations)
    .values(values)
    .onConflictDoNothing({ target: [participations.shroId, participations.userId] })
    .returning({ id: participations.id });
  return row;
}

/**
 * A private Shro's first pick moves it from waiting to selected and names the box and who opened
 * it (decision 045); later picks change nothing. Part of the pick's transaction: the only write to
 * the Shro's row a pick makes (the count follows from the outbox, decision 119).
 */
export async function recordFirstPrivatePick(
  db: Db,
  shroId: string,
  pick: { boxId: number; userId: string; at: Date },
): Promise<void> {
  await db
    .update(shros)
    .set({ status: 'selected', selectedBoxId: pick.boxId, selectedByUserId: pick.userId, selectedAt: pick.at })
    .where(and(eq(shros.id, shroId), eq(shros.status, 'waiting'), isNull(shros.selectedBoxId)));
}

/** Persists the move from selected to revealed once the reveal delay has passed (idempotent); true if this call moved it. */
export async function markRevealed(db: Db, shroId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(shros)
    .set({ status: 'revealed', revealedAt: at })
    .where(and(eq(shros.id, shroId), eq(shros.status, 'selected')))
    .returning({ id: shros.id });
  return rows.length > 0;
}

// ---- react --------------------------------------------------------------------------------

/**
 * One reaction per user and Shro: a new one replaces the old. The statement itself decides
 * whether anything changed, so parallel identical reactions agree: `created` for a first
 * reaction, `replaced` for a different emoji, `unchanged` when the stored one was the same
 * (the row is then left alone). `xmax` is 0 only on a row version this statement inserted.
 */
export async function upsertReaction(
  db: Db,
  values: { shroId: string; userId: string; emoji: string; at: Date },
): Promise<'created' | 'replaced' | 'unchanged'> {
  const [row] = await db
    .insert(reactions)
    .values({ shroId: values.shroId, userId: values.userId, emoji: values.emoji, createdAt: values.at })
    .onConflictDoUpdate({
      target: [reactions.shroId, reactions.userId],
      set: { emoji: values.emoji, createdAt: values.at },
      setWhere: sql`${reactions.emoji} is distinct from excluded.emoji`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (!row) return 'unchanged';
  return row.inserted ? 'created' : 'replaced';
}

// ---- delete -------------------------------------------------------------------------------

/** Deletes a Shro (boxes, recipients, picks, reactions and notifications cascade) and its upload rows. */
export async function deleteShroAndUploads(db: Db, shroId: string): Promise<string[]> {
  const boxes = await db
    .select({ key: shroBoxes.imageKey })
    .from(shroBoxes)
    .where(and(eq(shroBoxes.shroId, shroId), isNotNull(shroBoxes.imageKey)));
  const keys = boxes.map((b) => b.key!).filter((key, index, all) => all.indexOf(key) === index);
  await db.delete(shros).where(eq(shros.id, shroId));
  if (keys.length === 0) return [];
  // A copy ("Share again", copy.ts) holds the same images: those stay while another box uses them.
  const stillUsed = await db
    .selectDistinct({ key: shroBoxes.imageKey })
    .from(shroBoxes)
    .where(inArray(shroBoxes.imageKey, keys));
  const unused = keys.filter((key) => !stillUsed.some((row) => row.key === key));
  if (unused.length) await db.delete(uploads).where(inArray(uploads.key, unused));
  return unused;
}

/** Removes a received Shro from one user's history only. */
export async function hideShroForUser(db: Db, shroId: string, userId: string, at: Date): Promise<void> {
  await db
    .update(shroRecipients)
    .set({ hiddenAt: at })
    .where(and(eq(shroRecipients.shroId, shroId), eq(shroRecipients.userId, userId)));
  await db
    .update(participations)
    .set({ hiddenAt: at })
    .where(and(eq(participations.shroId, shroId), eq(participations.userId, userId)));
}
