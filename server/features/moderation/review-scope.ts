import { and, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { MODERATION_MESSAGES, type ReportTargetType } from '../../../contract/moderation';
import type { Db } from '../../db/client';
import { reports, shroBoxes, shros, users } from '../../db/schema/index';
import { notFound } from '../../lib/http-errors';
import { uploadUrl } from '../uploads/service';
import { messageIdOf } from './service';

/*
 * What a moderator may reach at all (docs/decisions/106-reports-and-moderation-api.md): the
 * content someone reported, and what the queue lists or a moderator's decision left without a
 * report. Everything else (every other private chat, Shro, profile or image) is the same 404 as
 * for nothing, so the role is not a way to read people's private content.
 */

const one = { one: sql<number>`1` };

/**
 * A Shro before moderators without a report: a public one the word filter held back or the
 * reports took off explore (the queue lists both), or one a moderator hid (so it can be restored).
 */
const shroHeldSql: SQL = or(
  and(sql`${shros.isPublic}`, inArray(shros.moderationStatus, ['pending_review', 'auto_hidden'])),
  eq(shros.moderationStatus, 'hidden'),
)!;

/** Someone reported one of these targets, the report open or resolved. */
async function wasReported(db: Db, targetType: ReportTargetType, targetIds: string[]): Promise<boolean> {
  if (targetIds.length === 0) return false;
  const [row] = await db
    .select(one)
    .from(reports)
    .where(and(eq(reports.targetType, targetType), inArray(reports.targetId, targetIds)))
    .limit(1);
  return Boolean(row);
}

/** Any of these Shros is reported or held for review. */
async function shroInReview(db: Db, shroIds: string[]): Promise<boolean> {
  if (shroIds.length === 0) return false;
  if (await wasReported(db, 'shro', shroIds)) return true;
  const [row] = await db
    .select(one)
    .from(shros)
    .where(and(inArray(shros.id, shroIds), shroHeldSql))
    .limit(1);
  return Boolean(row);
}

/**
 * Any of these users is one a moderator may need to act on: reported, the owner of reported
 * content or of a Shro held for review (to suspend them), or suspended now (to lift it).
 */
async function userInReview(db: Db, userIds: string[]): Promise<boolean> {
  if (userIds.length === 0) return false;
  const [reported] = await db
    .select(one)
    .from(reports)
    .where(
      or(
        and(eq(reports.targetType, 'user'), inArray(reports.targetId, userIds)),
        inArray(reports.targetOwnerId, userIds),
      ),
    )
    .limit(1);
  if (reported) return true;
  const [suspended] = await db
    .select(one)
    .from(users)
    .where(and(inArray(users.id, userIds), gt(users.suspendedUntil, sql`now()`)))
    .limit(1);
  if (suspended) return true;
  const [held] = await db
    .select(one)
    .from(shros)
    .where(and(inArray(shros.creatorId, userIds), shroHeldSql))
    .limit(1);
  return Boolean(held);
}

/**
 * An image: reported itself, a box image of a Shro in review, or the profile picture of a user in
 * review (what the target views show).
 */
async function imageInReview(db: Db, key: string): Promise<boolean> {
  if (await wasReported(db, 'image', [key])) return true;
  const boxes = await db
    .selectDistinct({ shroId: shroBoxes.shroId })
    .from(shroBoxes)
    .where(eq(shroBoxes.imageKey, key));
  if (
    await shroInReview(
      db,
      boxes.map((b) => b.shroId),
    )
  )
    return true;
  const owners = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.profileImageUrl, uploadUrl(key)));
  return userInReview(
    db,
    owners.map((u) => u.id),
  );
}

/** Whether a moderator may see or act on this target (it need not exist any more: a reported one that is gone). */
async function inReview(db: Db, targetType: ReportTargetType, targetId: string): Promise<boolean> {
  switch (targetType) {
    case 'shro':
      return shroInReview(db, [targetId]);
    case 'user':
      return userInReview(db, [targetId]);
    case 'message': {
      const id = messageIdOf(targetId);
      return id !== undefined && wasReported(db, 'message', [String(id)]);
    }
    case 'image':
      return /^[0-9a-f]{32}$/.test(targetId) && imageInReview(db, targetId);
  }
}

/** 404 `Not found`, as for nothing, unless the target is one a moderator may reach. Pass the transaction when there is one. */
export async function assertInReview(db: Db, targetType: ReportTargetType, targetId: string): Promise<void> {
  if (!(await inReview(db, targetType, targetId))) throw notFound(MODERATION_MESSAGES.targetNotFound);
}
