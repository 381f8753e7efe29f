import { z } from 'zod';

const NOTIFICATION_TYPES = [
  'shro_selected',
  'shro_received',
  /** The creator of a private Shro reminded a recipient who had not opened it, or its deadline is an hour away (issue 40). */
  'shro_nudge',
  /** A Shro's deadline passed: to its creator, how many opened a box (issue 40). */
  'shro_closed',
  'reaction',
  'friend_request',
  'friend_accepted',
  /** Someone signed up with the user's invite link and is now their friend (docs/decisions/124-invitations.md). */
  'invite_accepted',
  'achievement_unlocked',
  /** Moderation (issue 11): the outcome of a report, to its reporter; what moderators did, to the content's owner. */
  'report_outcome',
  'moderation_action',
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

/** One notification (docs/product.md §3). `sessionId` is the Shro's id; `session` is null when there is none. */
export const notificationItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  sessionId: z.string().nullable(),
  /** The Shro's status as lists show it; `expired` once a link's expiry has passed. */
  session: z
    .object({ status: z.enum(['waiting', 'selected', 'revealed', 'expired']), selectedBoxId: z.number().nullable() })
    .nullable(),
  /** Who caused it (none for achievements or a deleted account): the menu offers to mute or block them. */
  actor: z.object({ id: z.string(), username: z.string() }).nullable().optional(),
});
export type NotificationItem = z.output<typeof notificationItemSchema>;

/** PATCH /api/notifications/read-all. */
export const markAllNotificationsReadResultSchema = z.object({ updated: z.number() });
export type MarkAllNotificationsReadResult = z.output<typeof markAllNotificationsReadResultSchema>;

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notification not found';
