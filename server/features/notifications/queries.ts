import { and, count, desc, eq } from 'drizzle-orm';
import type { NotificationType } from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { notifications, shros } from '../../db/schema/index';

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
  title: notifications.title,
  message: notifications.message,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  type: notifications.type,
  shroId: notifications.shroId,
  shroStatus: shros.status,
  shroSelectedBoxId: shros.selectedBoxId,
  shroExpiresAt: shros.expiresAt,
};

/** The user's newest notifications with the state of the Shro each one is about. */
export async function listNotifications(db: Db, userId: string, limit: number) {
  return db
    .select(itemColumns)
    .from(notifications)
    .leftJoin(shros, eq(shros.id, notifications.shroId))
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
  const [item] = await db
    .select(itemColumns)
    .from(notifications)
    .leftJoin(shros, eq(shros.id, notifications.shroId))
    .where(eq(notifications.id, id))
    .limit(1);
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
