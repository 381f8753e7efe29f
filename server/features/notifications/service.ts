import { isDeletedUsername } from '../../../contract/deleted-user';
import {
  NOTIFICATION_NOT_FOUND_MESSAGE,
  NOTIFICATIONS_LIMIT,
  type NotificationItem,
  type NotificationType,
} from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import type { LiveDeps, LivePublisher } from '../live/bus';
import { presentShroState, viewerRoleOf } from '../shros/present';
import {
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationListRow,
} from './queries';

/**
 * One notification for its owner. The Shro it is about goes through the same per-viewer
 * presenter as the detail view, so it never shows someone else's pick; a Shro its owner may no
 * longer open shows nothing.
 */
function toItem(row: NotificationListRow, now: Date): NotificationItem {
  let session: NotificationItem['session'] = null;
  if (row.shroId && row.shro) {
    const ownPick =
      row.ownPickBoxId !== null && row.ownPickAt !== null
        ? { boxId: row.ownPickBoxId, createdAt: row.ownPickAt }
        : null;
    const role = viewerRoleOf(row.shro, row.userId, {
      isRecipient: row.recipientUserId !== null,
      hasPicked: ownPick !== null,
    });
    if (role) session = presentShroState(row.shro, role, row.userId, ownPick, now);
  }
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    type: row.type as NotificationType,
    sessionId: row.shroId,
    session,
    // A deleted account's tombstone is nobody to block or mute: the menu offers nothing about it.
    actor: row.actor && !isDeletedUsername(row.actor.username) ? row.actor : null,
  };
}

/** The user's newest notifications (at most 100), each with its Shro's current state. */
export async function getNotifications(db: Db, userId: string, now = new Date()): Promise<NotificationItem[]> {
  const rows = await listNotifications(db, userId, NOTIFICATIONS_LIMIT);
  return rows.map((row) => toItem(row, now));
}

/** The user's other tabs refresh their lists and badges. */
const publishRead = (live: LivePublisher, userId: string) =>
  live.publish({ type: 'notification.read' }, { users: [userId] });

/** Marks one of the user's own notifications read; someone else's is a 404, as if it did not exist. */
export async function readNotification(
  { db, live }: LiveDeps,
  userId: string,
  id: number,
  now = new Date(),
): Promise<NotificationItem> {
  const row = await markNotificationRead(db, userId, id);
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND_MESSAGE);
  await publishRead(live, userId);
  return toItem(row, now);
}

/** Marks every unread notification of the user read. */
export async function readAllNotifications({ db, live }: LiveDeps, userId: string): Promise<{ updated: number }> {
  const updated = await markAllNotificationsRead(db, userId);
  if (updated > 0) await publishRead(live, userId);
  return { updated };
}

/** How many of the user's notifications are unread (for header badges). */
export async function getUnreadNotificationCount(db: Db, userId: string): Promise<number> {
  return countUnreadNotifications(db, userId);
}
