import { and, asc, countDistinct, desc, eq, inArray, lt, min, sql } from 'drizzle-orm';
import type { ModerationStatus, ReportReason, ReportTargetType } from '../../../contract/moderation';
import type { Db } from '../../db/client';
import {
  appSettings,
  authSessions,
  messages,
  moderationLog,
  moderators,
  reports,
  shroBoxes,
  shros,
  uploads,
  users,
} from '../../db/schema/index';
import type { NameHash } from '../../lib/name-hash';

type ReportRow = typeof reports.$inferSelect;

/** Stores a report; undefined when the reporter already has an open one on this target (the unique index decides). */
export async function insertReport(
  db: Db,
  values: Pick<ReportRow, 'reporterId' | 'targetType' | 'targetId' | 'targetOwnerId' | 'reason' | 'details'>,
): Promise<ReportRow | undefined> {
  const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning();
  return row;
}

/** Distinct users with an open report on this target. */
export async function countOpenReporters(db: Db, targetType: ReportTargetType, targetId: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(reports.reporterId) })
    .from(reports)
    .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')));
  return row?.n ?? 0;
}

/** Closes every open report on the target; returns the distinct reporters, for their outcome notifications. */
export async function resolveOpenReports(
  db: Db,
  targetType: ReportTargetType,
  targetId: string,
  resolution: string,
  now: Date,
): Promise<{ count: number; reporterIds: string[] }> {
  const rows = await db
    .update(reports)
    .set({ status: 'resolved', resolution, resolvedAt: now })
    .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')))
    .returning({ reporterId: reports.reporterId });
  return { count: rows.length, reporterIds: [...new Set(rows.map((r) => r.reporterId))] };
}

export async function listOpenReportsOf(db: Db, targetType: ReportTargetType, targetId: string) {
  return db
    .select({ reason: reports.reason, details: reports.details, createdAt: reports.createdAt })
    .from(reports)
    .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')))
    .orderBy(asc(reports.createdAt), asc(reports.id));
}

/** Open reports grouped by target, oldest first (the 24-hour promise is about the oldest waiting). */
export async function listOpenReportGroups(db: Db, limit: number) {
  return db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      ownerId: sql<string | null>`max(${reports.targetOwnerId})`,
      reporterCount: countDistinct(reports.reporterId),
      reasons: sql<ReportReason[]>`array_agg(distinct ${reports.reason})`,
      oldestAt: min(reports.createdAt),
    })
    .from(reports)
    .where(eq(reports.status, 'open'))
    .groupBy(reports.targetType, reports.targetId)
    .orderBy(asc(min(reports.createdAt)))
    .limit(limit);
}

/** Public Shros the word-list filter kept off explore until a moderator approves them. */
export async function listPendingReviewShros(db: Db, limit: number) {
  return db
    .select({ id: shros.id, title: shros.title, creatorId: shros.creatorId, createdAt: shros.createdAt })
    .from(shros)
    .where(and(eq(shros.moderationStatus, 'pending_review'), sql`${shros.isPublic}`))
    .orderBy(asc(shros.createdAt))
    .limit(limit);
}

export async function findUsersByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
}

export async function findShrosByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: shros.id, title: shros.title, moderationStatus: shros.moderationStatus })
    .from(shros)
    .where(inArray(shros.id, ids));
}

export async function findMessagesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: messages.id, content: messages.content }).from(messages).where(inArray(messages.id, ids));
}

export async function findUploadKeys(db: Db, keys: string[]) {
  if (keys.length === 0) return [];
  return db.select({ key: uploads.key }).from(uploads).where(inArray(uploads.key, keys));
}

export async function findShro(db: Db, id: string) {
  const [row] = await db.select().from(shros).where(eq(shros.id, id)).limit(1);
  return row;
}

export async function listShroBoxes(db: Db, shroId: string) {
  return db.select().from(shroBoxes).where(eq(shroBoxes.shroId, shroId)).orderBy(asc(shroBoxes.position));
}

export async function findMessage(db: Db, id: number) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row;
}

export async function deleteMessage(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(messages).where(eq(messages.id, id)).returning({ id: messages.id });
  return rows.length > 0;
}

export async function findUserRow(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function setModerationStatus(db: Db, shroId: string, status: ModerationStatus): Promise<void> {
  await db.update(shros).set({ moderationStatus: status }).where(eq(shros.id, shroId));
}

/** Auto-hide: only a public Shro that is still plainly visible moves; a moderator's decision is never undone here. */
export async function autoHideIfVisible(db: Db, shroId: string): Promise<boolean> {
  const rows = await db
    .update(shros)
    .set({ moderationStatus: 'auto_hidden' })
    .where(and(eq(shros.id, shroId), eq(shros.moderationStatus, 'visible'), sql`${shros.isPublic}`))
    .returning({ id: shros.id });
  return rows.length > 0;
}

export async function setSuspension(
  db: Db,
  userId: string,
  values: { suspendedUntil: Date | null; suspensionReason: string | null },
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

export async function isGrantedModerator(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: moderators.userId }).from(moderators).where(eq(moderators.userId, userId));
  return Boolean(row);
}

const MODERATOR_CLAIM_PREFIX = 'moderator-claim:';

/**
 * A name in MODERATOR_USERNAMES belongs to the first account seen holding it, for good: an account
 * that takes the name later (after a rename or a deletion) is not a moderator (decision 106).
 * Kept in app_settings under the name's keyed hash (decision 126); answers whether `userId` is
 * that account. Pass the transaction when there is one.
 */
export async function claimModeratorName(
  db: Db,
  nameHash: NameHash,
  username: string,
  userId: string,
): Promise<boolean> {
  const key = `${MODERATOR_CLAIM_PREFIX}${nameHash(username)}`;
  await db.insert(appSettings).values({ key, value: userId }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return row?.value === userId;
}

export async function grantModerator(db: Db, userId: string): Promise<void> {
  await db.insert(moderators).values({ userId }).onConflictDoNothing();
}

export async function revokeModerator(db: Db, userId: string): Promise<boolean> {
  const rows = await db.delete(moderators).where(eq(moderators.userId, userId)).returning({ id: moderators.userId });
  return rows.length > 0;
}

type NewLogEntry = {
  moderatorId: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  details?: Record<string, unknown>;
};

/** Appends to the audit log (nothing else ever writes to it; the database refuses updates and deletes). */
export async function appendLog(db: Db, entry: NewLogEntry): Promise<void> {
  await db.insert(moderationLog).values({ ...entry, details: entry.details ?? null });
}

/** The newest audit entries, with each moderator's current name (null for the automatic hide or a deleted account). */
export async function listLog(db: Db, limit: number, beforeId?: number) {
  return db
    .select({
      id: moderationLog.id,
      moderatorId: moderationLog.moderatorId,
      moderatorUsername: users.username,
      action: moderationLog.action,
      targetType: moderationLog.targetType,
      targetId: moderationLog.targetId,
      reason: moderationLog.reason,
      createdAt: moderationLog.createdAt,
    })
    .from(moderationLog)
    .leftJoin(users, eq(users.id, moderationLog.moderatorId))
    .where(beforeId ? lt(moderationLog.id, beforeId) : undefined)
    .orderBy(desc(moderationLog.id))
    .limit(limit);
}

/** Removes an image's row, the boxes' references to it and a profile picture using it; returns the Shros that changed. */
export async function clearImageEverywhere(tx: Db, key: string, url: string): Promise<string[]> {
  // Locked first: a "Share again" copy taking this image (shros/queries.ts lockCopySource)
  // commits before the boxes below are cleared, so its boxes are cleared too.
  await tx.select({ key: uploads.key }).from(uploads).where(eq(uploads.key, key)).for('update');
  const boxes = await tx
    .update(shroBoxes)
    .set({ imageKey: null })
    .where(eq(shroBoxes.imageKey, key))
    .returning({ shroId: shroBoxes.shroId });
  await tx.update(users).set({ profileImageUrl: null }).where(eq(users.profileImageUrl, url));
  await tx.delete(uploads).where(eq(uploads.key, key));
  return [...new Set(boxes.map((b) => b.shroId))];
}

/** Usernames of the moderators granted by command, alphabetically. */
export async function listGrantedModerators(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(moderators)
    .innerJoin(users, eq(users.id, moderators.userId))
    .orderBy(asc(sql`lower(${users.username})`));
  return rows.map((r) => r.username);
}

/** Ends every auth session of the user (a suspension); returns their ids for the other instances' caches. */
export async function deleteAuthSessionsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.delete(authSessions).where(eq(authSessions.userId, userId)).returning({ id: authSessions.id });
  return rows.map((row) => row.id);
}
