import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase, preparedSql } from '../../db/prepared';
import {
  outbox,
  picks,
  reactions,
  shroBoxes,
  shroNudges,
  shroRecipients,
  shros,
  uploads,
  users,
} from '../../db/schema/index';
import { blockedEitherWaySql } from '../blocks/queries';

/**
 * A box the creator filled (docs/decisions/003-box-filling.md), as SQL: the same test as
 * `isEmptyBox`, for reads that count or list boxes without reading their content.
 */
export const boxIsFilledSql = sql`(${shroBoxes.label} is not null or ${shroBoxes.textContent} is not null or ${shroBoxes.imageKey} is not null or ${shroBoxes.imageUrl} is not null or ${shroBoxes.tmdbData} is not null)`;

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

// ---- copy ("Share again") ------------------------------------------------------------------

/**
 * In a copy's transaction: what it copies cannot be deleted until it commits, and a delete that
 * committed first is seen. Locks, in the order account deletion takes them (user, Shros, uploads),
 * so the two never wait on each other in a circle: the creator's row, the source Shro's and its
 * images' upload rows, each `for key share` (a delete waits; reads and other copies do not).
 * Returns whether the source is still there, and which of `imageKeys` still are.
 */
export async function lockCopySource(
  tx: Db,
  creatorId: string,
  shroId: string,
  imageKeys: string[],
): Promise<{ shro: boolean; imageKeys: Set<string> }> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, creatorId)).for('key share');
  const shro = await tx.select({ id: shros.id }).from(shros).where(eq(shros.id, shroId)).for('key share');
  const kept = imageKeys.length
    ? await tx.select({ key: uploads.key }).from(uploads).where(inArray(uploads.key, imageKeys)).for('key share')
    : [];
  return { shro: shro.length > 0, imageKeys: new Set(kept.map((row) => row.key)) };
}

export async function insertRecipients(db: Db, shroId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(shroRecipients).values(userIds.map((userId) => ({ shroId, userId })));
}

// ---- read ---------------------------------------------------------------------------------

export async function findShroWithCreator(db: Db, id: string) {
  const [row] = await db
    // The creator's suspension travels beside the public columns, never inside them.
    .select({ shro: shros, creator: creatorColumns, creatorSuspendedUntil: users.suspendedUntil })
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

/**
 * The viewer's own pick and reaction, in one query: a reaction is only ever made after a pick
 * (react.ts), so no pick means no reaction either.
 */
const viewerState = preparedPerDatabase((db) =>
  db
    .select({ boxId: picks.boxId, createdAt: picks.createdAt, emoji: reactions.emoji })
    .from(picks)
    .leftJoin(reactions, and(eq(reactions.shroId, picks.shroId), eq(reactions.userId, picks.userId)))
    .where(and(eq(picks.shroId, sql.placeholder('shroId')), eq(picks.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('viewer_state'),
);

export async function findViewerState(db: Db, shroId: string, userId: string) {
  const [row] = await viewerState(db).execute({ shroId, userId });
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
      userId: picks.userId,
      username: users.username,
      selectedBoxId: picks.boxId,
      selectedBoxPosition: shroBoxes.position,
      reaction: reactions.emoji,
      createdAt: picks.createdAt,
    })
    .from(picks)
    .innerJoin(users, eq(users.id, picks.userId))
    .innerJoin(shroBoxes, eq(shroBoxes.id, picks.boxId))
    .leftJoin(reactions, and(eq(reactions.shroId, picks.shroId), eq(reactions.userId, picks.userId)))
    .where(eq(picks.shroId, shroId))
    .orderBy(desc(picks.createdAt), desc(picks.id))
    .limit(limit);
}

export async function countPicksByBox(db: Db, shroId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ boxId: picks.boxId, n: count() })
    .from(picks)
    .where(eq(picks.shroId, shroId))
    .groupBy(picks.boxId);
  return new Map(rows.map((row) => [row.boxId, row.n]));
}

export async function countReactions(db: Db, shroId: string) {
  return db
    .select({ emoji: reactions.emoji, count: count() })
    .from(reactions)
    .where(eq(reactions.shroId, shroId))
    .groupBy(reactions.emoji);
}

// ---- select -------------------------------------------------------------------------------

/**
 * Records a pick. The unique index on (shro, user) decides races: a second pick by the same user
 * inserts nothing and returns undefined, however many arrive at once.
 */
export async function insertPick(
  db: Db,
  values: { shroId: string; userId: string; boxId: number; isCorrect: boolean | null; createdAt: Date },
) {
  const [row] = await db
    .insert(picks)
    .values(values)
    .onConflictDoNothing({ target: [picks.shroId, picks.userId] })
    .returning({ id: picks.id });
  return row;
}

/** What recordPick wrote: the outbox row's id, or why nothing was written. */
export type RecordedPick = { outboxId: number } | { refused: 'blocked' | 'already-picked' };

/**
 * A pick and the outbox row of its effects, in one statement and so all or nothing (decision
 * 119): the pick's row (the unique (shro, user) index lets one per person through, whatever
 * the concurrency), for a private Shro its first pick's move from waiting to selected naming the
 * box and who opened it (decision 045; later picks change nothing), and the outbox row. The
 * statement also holds the block check between the picker and the creator (decision 144): a
 * block either way writes nothing. Returns the outbox row's id, or why nothing was written.
 */
export async function recordPick(
  db: Db,
  pick: { shroId: string; userId: string; boxId: number; isCorrect: boolean | null; createdAt: Date },
  effects: { creatorId: string; payload: unknown; firstPrivatePick: boolean },
): Promise<RecordedPick> {
  const statement = effects.firstPrivatePick ? firstPrivatePickStatement : pickStatement;
  const { rows } = await statement(db).execute({
    shroId: pick.shroId,
    userId: pick.userId,
    boxId: pick.boxId,
    isCorrect: pick.isCorrect,
    at: pick.createdAt.toISOString(),
    creatorId: effects.creatorId,
    payload: JSON.stringify(effects.payload),
  });
  const [row] = rows;
  if (row?.blocked) return { refused: 'blocked' };
  return row?.id == null ? { refused: 'already-picked' } : { outboxId: Number(row.id) };
}

/**
 * recordPick's statement, prepared once per database (decisions 134, 148): every pick runs it,
 * and building its text each time was most of drizzle's share of a pick.
 */
function pickSql(firstPrivatePick: boolean) {
  const p = (name: string) => sql.placeholder(name);
  const firstPick = firstPrivatePick
    ? sql`, first_pick as (
        update ${shros} set status = 'selected', selected_box_id = ${p('boxId')}, selected_by_user_id = ${p('userId')},
          selected_at = ${p('at')}::timestamptz
        where id = ${p('shroId')} and status = 'waiting' and selected_box_id is null and exists (select 1 from picked))`
    : sql``;
  return sql`
    with blocked as (select ${blockedEitherWaySql(sql`${p('creatorId')}::text`, sql`${p('userId')}::text`)} as yes),
    picked as (
      insert into ${picks} (shro_id, user_id, box_id, is_correct, created_at)
      select ${p('shroId')}, ${p('userId')}, ${p('boxId')}, ${p('isCorrect')}, ${p('at')}::timestamptz
      where not (select yes from blocked)
      on conflict (shro_id, user_id) do nothing
      returning id)${firstPick},
    queued as (
      insert into ${outbox} (kind, shro_id, payload)
      select 'shro.pick', ${p('shroId')}, ${p('payload')}::jsonb from picked
      returning id)
    select (select yes from blocked) as blocked, (select id from queued) as id`;
}
type PickRow = { blocked: boolean; id: string | number | null };
const pickStatement = preparedSql<PickRow>('record_pick', pickSql(false));
const firstPrivatePickStatement = preparedSql<PickRow>('record_first_private_pick', pickSql(true));

/** The picks on a Shro, counted from the picks themselves (its stored count lags until the outbox applies them). */
export async function countPicks(db: Db, shroId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(picks).where(eq(picks.shroId, shroId));
  return row?.n ?? 0;
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
  // Locked first: a copy that locked them (`lockCopySource`) commits before the check below, which
  // then sees its boxes.
  await db.select({ key: uploads.key }).from(uploads).where(inArray(uploads.key, keys)).for('update');
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
    .update(picks)
    .set({ hiddenAt: at })
    .where(and(eq(picks.shroId, shroId), eq(picks.userId, userId)));
}

/** The users among `userIds` who have picked a box of the Shro. */
export async function pickersAmong(db: Db, shroId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: picks.userId })
    .from(picks)
    .where(and(eq(picks.shroId, shroId), inArray(picks.userId, userIds)));
  return new Set(rows.map((row) => row.userId));
}

/**
 * Claims the Shro's nudge at `at` unless its last one is more recent than `since`, in one
 * statement (two nudges at once cannot both pass): null when claimed, else the last nudge's time.
 */
export async function claimNudge(db: Db, shroId: string, at: Date, since: Date): Promise<Date | null> {
  const claimed = await db
    .insert(shroNudges)
    .values({ shroId, nudgedAt: at })
    .onConflictDoUpdate({
      target: shroNudges.shroId,
      set: { nudgedAt: at },
      setWhere: sql`${shroNudges.nudgedAt} <= ${since}`,
    })
    .returning({ shroId: shroNudges.shroId });
  if (claimed.length > 0) return null;
  const [row] = await db.select({ at: shroNudges.nudgedAt }).from(shroNudges).where(eq(shroNudges.shroId, shroId));
  return row?.at ?? at;
}
