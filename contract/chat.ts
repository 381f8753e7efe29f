import { z } from 'zod';
import type { PublicUser } from './auth';

export const CHAT_MESSAGE_MAX = 2000;
/** GET /api/chat/:userId returns the newest this many messages, oldest first. */
export const CHAT_HISTORY_LIMIT = 200;
/** A user counts as online when seen within this window. */
export const ONLINE_WINDOW_MS = 60_000;
export const ONLINE_STATUS_MAX_IDS = 100;

const MESSAGE_TYPES = ['plain', 'shro_share'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

const userIdField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(64, `${label} is not a valid user id`);

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

/** Path of GET and DELETE /api/chat/:userId and POST /api/chat/:userId/read. */
export const chatUserParamSchema = z.object({ userId: userIdField('User id') });

/** DELETE /api/chat/:userId: the conversation is gone from my side (theirs is untouched). */
export interface DeleteConversationResult {
  success: true;
}

/** POST /api/chat/:userId/read: how many of their messages to me turned read. */
export interface MarkConversationReadResult {
  updated: number;
}

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
export interface ChatMessage {
  id: number;
  senderId: string;
  recipientId: string;
  content: string;
  messageType: MessageType;
  shroSessionId: string | null;
  createdAt: string;
  deliveredAt: string | null;
  readAt: string | null;
}

/** One row of GET /api/chat/conversations, newest conversation first. */
export interface Conversation {
  user: PublicUser;
  lastMessage: Pick<ChatMessage, 'id' | 'createdAt' | 'messageType' | 'content' | 'senderId'>;
  /** Messages from `user` to me that I have not read. */
  unreadCount: number;
}

/** GET /api/users/online-status: user id → online. */
export type OnlineStatusMap = Record<string, boolean>;

export const CHAT_MESSAGES = {
  self: 'You cannot send a message to yourself',
  readSelf: 'You have no conversation with yourself',
  userNotFound: 'User not found',
  notFriends: 'You can only send messages to friends',
  shroNotShareable: 'You can only share a Shro you created or one that is public or shareable',
} as const;
