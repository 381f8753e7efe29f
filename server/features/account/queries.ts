import { and, asc, eq, gt, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../contract/locales';
import type { Db } from '../../db/client';
import {
  analyticsEvents,
  authSessions,
  friendRequests,
  messages,
  notifications,
  picks,
  reactions,
  shroRecipients,
  shroShares,
  shros,
  uploads,
  userStats,
  users,
} from '../../db/schema/index';

/** Rows read for the export (docs/decisions/114-account-export.md): the user's own, never another's private columns. */

export async function findAccountRow(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      timeZone: users.timeZone,
      locale: users.locale,
      createdAt: users.createdAt,
      lastSeenAt: users.lastSeenAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function listOwnShroIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: shros.id })
    .from(shros)
    .where(eq(shros.creatorId, userId))
    .orderBy(asc(shros.createdAt), asc(shros.id));
  return rows.map((r) => r.id);
}

/** The user's picks on other people's Shros. */
export async function listPicksOnOthersShros(db: Db, userId: string) {
  return db
    .select({
      shroId: picks.shroId,
      boxId: picks.boxId,
      shro: { creatorId: shros.creatorId, shuffleKey: shros.shuffleKey },
      isCorrect: picks.isCorrect,
      pickedAt: picks.createdAt,
      hiddenAt: picks.hiddenAt,
    })
    .from(picks)
    .innerJoin(shros, eq(shros.id, picks.shroId))
    .where(and(eq(picks.userId, userId), ne(shros.creatorId, userId)))
    .orderBy(asc(picks.createdAt), asc(picks.id));
}

/** Private Shros sent to the user (picked or not). */
export async function listReceivedShroIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: shroRecipients.shroId })
    .from(shroRecipients)
    .where(eq(shroRecipients.userId, userId))
    .orderBy(asc(shroRecipients.shroId));
  return rows.map((r) => r.id);
}

export async function listOwnReactions(db: Db, userId: string) {
  return db
    .select({ shroId: reactions.shroId, emoji: reactions.emoji, createdAt: reactions.createdAt })
    .from(reactions)
    .where(eq(reactions.userId, userId))
    .orderBy(asc(reactions.createdAt), asc(reactions.id));
}

export async function listFriendRequestsForExport(db: Db, userId: string) {
  const from = alias(users, 'from_user');
  const to = alias(users, 'to_user');
  return db
    .select({
      fromUserId: friendRequests.fromUserId,
      fromUsername: from.username,
      toUserId: friendRequests.toUserId,
      toUsername: to.username,
      createdAt: friendRequests.createdAt,
    })
    .from(friendRequests)
    .innerJoin(from, eq(from.id, friendRequests.fromUserId))
    .innerJoin(to, eq(to.id, friendRequests.toUserId))
    .where(or(eq(friendRequests.fromUserId, userId), eq(friendRequests.toUserId, userId)))
    .orderBy(asc(friendRequests.createdAt), asc(friendRequests.id));
}

/**
 * The long lists (messages, notifications, analytics) are read a page at a time, after the last
 * id of the previous page: the export streams them and never holds them whole.
 */
export interface ExportPage {
  afterId: number;
  limit: number;
}

/** Every message the user sent or received, oldest first, with the other side's username. */
export async function listMessagesForExport(db: Db, userId: string, page: ExportPage) {
  const sender = alias(users, 'sender');
  const recipient = alias(users, 'recipient');
  return db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      senderUsername: sender.username,
      recipientId: messages.recipientId,
      recipientUsername: recipient.username,
      content: messages.content,
      messageType: messages.messageType,
      shroId: messages.shroId,
      createdAt: messages.createdAt,
      deliveredAt: messages.deliveredAt,
      readAt: messages.readAt,
    })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(recipient, eq(recipient.id, messages.recipientId))
    .where(and(or(eq(messages.senderId, userId), eq(messages.recipientId, userId)), gt(messages.id, page.afterId)))
    .orderBy(asc(messages.id))
    .limit(page.limit);
}

export async function listNotificationsForExport(db: Db, userId: string, page: ExportPage) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      shroId: notifications.shroId,
      actorId: notifications.actorId,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, page.afterId)))
    .orderBy(asc(notifications.id))
    .limit(page.limit);
}

export async function findStatsForExport(db: Db, userId: string) {
  const [row] = await db.select().from(userStats).where(eq(userStats.userId, userId));
  if (!row) return null;
  const { userId: _id, ...stats } = row;
  return stats;
}

/** Signed-in devices by public id: the token hash (`id`) never leaves the server. */
export async function listAuthSessionsForExport(db: Db, userId: string) {
  return db
    .select({
      id: authSessions.publicId,
      createdAt: authSessions.createdAt,
      lastSeenAt: authSessions.lastSeenAt,
      expiresAt: authSessions.expiresAt,
      userAgent: authSessions.userAgent,
    })
    .from(authSessions)
    .where(eq(authSessions.userId, userId))
    .orderBy(asc(authSessions.createdAt));
}

export async function listSharesForExport(db: Db, userId: string) {
  return db
    .select({ shroId: shroShares.shroId, createdAt: shroShares.createdAt })
    .from(shroShares)
    .where(eq(shroShares.userId, userId))
    .orderBy(asc(shroShares.createdAt));
}

/** `id` is for paging only: the export leaves it out. */
export async function listAnalyticsForExport(db: Db, userId: string, page: ExportPage) {
  return db
    .select({
      id: analyticsEvents.id,
      name: analyticsEvents.name,
      category: analyticsEvents.category,
      label: analyticsEvents.label,
      path: analyticsEvents.path,
      createdAt: analyticsEvents.createdAt,
    })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.userId, userId), gt(analyticsEvents.id, page.afterId)))
    .orderBy(asc(analyticsEvents.id))
    .limit(page.limit);
}

/** The images the user uploaded (box images and profile pictures). */
export async function listOwnUploads(db: Db, userId: string) {
  return db
    .select({
      key: uploads.key,
      kind: uploads.kind,
      contentType: uploads.contentType,
      width: uploads.width,
      height: uploads.height,
      byteSize: uploads.byteSize,
      sha256: uploads.sha256,
      createdAt: uploads.createdAt,
    })
    .from(uploads)
    .where(eq(uploads.ownerId, userId))
    .orderBy(asc(uploads.createdAt), asc(uploads.key));
}

/** False when there is no such user. */
export async function updateLocale(db: Db, userId: string, locale: Locale): Promise<boolean> {
  const rows = await db.update(users).set({ locale }).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}
