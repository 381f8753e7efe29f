import { z } from 'zod';
import { publicUserSchema } from './auth';
import { userIdField } from './ids';

export const CHAT_MESSAGE_MAX = 2000;
/** GET /api/chat/:userId returns the newest this many messages, oldest first. */
export const CHAT_HISTORY_LIMIT = 200;
/** A user counts as online when seen within this window. */
export const ONLINE_WINDOW_MS = 60_000;
export const ONLINE_STATUS_MAX_IDS = 100;

const MESSAGE_TYPES = ['plain', 'shro_share'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Body of POST /api/chat/send. `shroSessionId` is the shared Shro's id, needed for `shro_share`. */
export const sendMessageInputSchema = z
  .strictObject({
    recipientId: userIdField('recipientId'),
    content: z
      .string({ error: 'Message cannot be empty' })
      .trim()
      .min(1, 'Message cannot be empty')
      .max(CHAT_MESSAGE_MAX, `Message must be at most ${CHAT_MESSAGE_MAX} characters`),
    messageType: z
      .enum(MESSAGE_TYPES, { error: 'messageType must be "plain" or "shro_share"' })
      .optional()
      .default('plain'),
    shroSessionId: z
      .string({ error: 'shroSessionId must be text' })
      .trim()
      .max(64, 'shroSessionId is not a valid Shro id')
      .nullish()
      .transform((v) => v || null),
  })
  .refine((v) => v.messageType !== 'shro_share' || v.shroSessionId, {
    message: 'shroSessionId is required to share a Shro',
    path: ['shroSessionId'],
  });
export type SendMessageInput = z.input<typeof sendMessageInputSchema>;

/** DELETE /api/chat/:userId: the conversation is gone from my side (theirs is untouched). */
export const deleteConversationResultSchema = z.object({ success: z.literal(true) });
export type DeleteConversationResult = z.output<typeof deleteConversationResultSchema>;

/** POST /api/chat/:userId/read: how many of their messages to me turned read. */
export const markConversationReadResultSchema = z.object({ updated: z.number() });
export type MarkConversationReadResult = z.output<typeof markConversationReadResultSchema>;

/** Query of GET /api/users/online-status: a comma-separated list of at most 100 user ids. */
export const onlineStatusQuerySchema = z.object({
  userIds: z
    .string({ error: 'userIds must be a comma-separated list' })
    .optional()
    .transform((raw) => [
      ...new Set(
        (raw ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.length <= ONLINE_STATUS_MAX_IDS, `At most ${ONLINE_STATUS_MAX_IDS} user ids at a time`)
    .refine((ids) => ids.every((id) => id.length <= 64), 'userIds holds an invalid user id'),
});

/** One message (docs/product.md §3). `deliveredAt` set and `readAt` empty = delivered; both set = read. */
export const chatMessageSchema = z.object({
  id: z.number(),
  senderId: z.string(),
  recipientId: z.string(),
  content: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  shroSessionId: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type ChatMessage = z.output<typeof chatMessageSchema>;

/** One row of GET /api/chat/conversations, newest conversation first. */
export const conversationSchema = z.object({
  user: publicUserSchema,
  lastMessage: chatMessageSchema.pick({ id: true, createdAt: true, messageType: true, content: true, senderId: true }),
  /** Messages from `user` to me that I have not read. */
  unreadCount: z.number(),
});
export type Conversation = z.output<typeof conversationSchema>;

/** GET /api/users/online-status: user id → online. */
export const onlineStatusMapSchema = z.record(z.string(), z.boolean());
export type OnlineStatusMap = z.output<typeof onlineStatusMapSchema>;

export const CHAT_MESSAGES = {
  self: 'You cannot send a message to yourself',
  readSelf: 'You have no conversation with yourself',
  userNotFound: 'User not found',
  notFriends: 'You can only send messages to friends',
  shroNotShareable: 'You can only share a Shro you created or one that is public or shareable',
} as const;
