import { z } from 'zod';

const NOTIFICATION_TYPES = [
  'shro_selected',
  'shro_received',
  'reaction',
  'friend_request',
  'friend_accepted',
  'achievement_unlocked',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** GET /api/notifications returns at most this many, newest first. */
export const NOTIFICATIONS_LIMIT = 100;

const MAX_SERIAL = 2_147_483_647;

/** Path of PATCH /api/notifications/:id/read: a positive whole number that fits the id column. */
export const notificationIdParamSchema = z.object({
  id: z
    .string({ error: 'Invalid notification id' })
    .regex(/^[1-9][0-9]{0,9}$/, 'Invalid notification id')
    .transform(Number)
    .refine((n) => n <= MAX_SERIAL, 'Invalid notification id'),
});

/** The Shro's status as lists show it; `expired` once a link's expiry has passed. */
type NotificationShroStatus = 'waiting' | 'selected' | 'revealed' | 'expired';

/** One notification (docs/product.md §3). `sessionId` is the Shro's id; `session` is null when there is none. */
export interface NotificationItem {
  id: number;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  type: NotificationType;
  sessionId: string | null;
  session: { status: NotificationShroStatus; selectedBoxId: number | null } | null;
}

/** PATCH /api/notifications/read-all. */
export interface MarkAllNotificationsReadResult {
  updated: number;
}

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notification not found';
