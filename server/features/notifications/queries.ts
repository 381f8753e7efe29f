import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { NotificationType } from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { notifications, participations, shroRecipients, shros } from '../../db/schema/index';

export type { NotificationType };

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  shroId?: string | null;
  actorId?: string | null;
}

/** Stores notifications; pass the transaction of the action that caused them. */
export async function insertNotifications(db: Db, rows: NewNotification[]) {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

const itemColumns = {
  id: notifications.id,
  userId: notifications.userId,
  title: notifications.title,
  message: notifications.message,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  type: notifications.type,
  shroId: notifications.shroId,
  // What the per-viewer presenter needs (shros/present.ts presentShroState), nothing more.
  shro: {
    creatorId: shros.creatorId,
    isShareable: shros.isShareable,
    isPublic: shros.isPublic,
    status: shros.status,
    selectedBoxId: shros.selectedBoxId,
    selectedAt: shros.selectedAt,
    expiresAt: shros.expiresAt,
  },
  /** The notification's owner among the Shro's recipients, and their own pick. */
  recipientUserId: shroRecipients.userId,
  ownPickBoxId: participations.boxId,
  ownPickAt: participations.createdAt,
};

/** Notifications with the Shro each is about, and where the notification's owner stands in it. */
const selectItems = (db: Db) =>
  db
    .select(itemColumns)
    .from(notifications)
    .leftJoin(shros, eq(shros.id, notifications.shroId))
    .leftJoin(
      shroRecipients,
      and(eq(shroRecipients.shroId, notifications.shroId), eq(shroRecipients.userId, notifications.userId)),
    )
    .leftJoin(
      participations,
      and(eq(participations.shroId, notifications.shroId), eq(participations.userId, notifications.userId)),
    );

/** The user's newest notifications with the Shro each one is about, as that user stands in it. */
export async function listNotifications(db: Db, userId: string, limit: number) {
  return selectItems(db)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export type NotificationListRow = Awaited<ReturnType<typeof listNotifications>>[number];

/** Marks one of the user's own notifications read; undefined when it is not theirs or does not exist. */
export async function markNotificationRead(db: Db, userId: string, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) return undefined;
  const [item] = await selectItems(db).where(eq(notifications.id, id)).limit(1);
  return item;
}

/** Marks all of the user's unread notifications read; returns how many changed. */
export async function markAllNotificationsRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

/**
 * Marks read the user's unread notifications about something they just acted on: a friend
 * request they answered (`actorId`), or a Shro they opened a box of (`shroId`). Pass the
 * transaction of the action. Returns how many changed, so the caller knows whether to tell the
 * user's other tabs.
 */
export async function markNotificationsReadAbout(
  db: Db,
  userId: string,
  about: { types: NotificationType[]; actorId?: string; shroId?: string },
): Promise<number> {
  const conditions = [
    eq(notifications.userId, userId),
    eq(notifications.isRead, false),
    inArray(notifications.type, about.types),
  ];
  if (about.actorId !== undefined) conditions.push(eq(notifications.actorId, about.actorId));
  if (about.shroId !== undefined) conditions.push(eq(notifications.shroId, about.shroId));
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  return rows.length;
}
