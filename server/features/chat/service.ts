import type { z } from 'zod';
import {
  CHAT_HISTORY_LIMIT,
  CHAT_MESSAGES,
  type ChatMessage,
  type Conversation,
  type DeleteConversationResult,
  type MarkConversationReadResult,
  type sendMessageInputSchema,
} from '../../../contract/chat';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import { recordActivity } from '../achievements/stats';
import { toPublicUser } from '../auth/present';
import { areFriends, findUsersByIds } from '../friends/queries';
import type { LiveDeps, LivePublisher } from '../live/bus';
import { queueMessagePush } from '../push/dispatch';
import {
  clearConversation,
  countUnreadBySender,
  countUnreadMessages,
  findClearedThrough,
  findShroShareInfo,
  insertMessage,
  listConversationHeads,
  listMessagesBetween,
  type MessageRow,
  markAllDelivered,
  markConversationRead,
} from './queries';

export type ValidSendMessage = z.output<typeof sendMessageInputSchema>;

function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    senderId: row.senderId,
    recipientId: row.recipientId,
    content: row.content,
    messageType: row.messageType,
    shroSessionId: row.shroId,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * Sends a message from `senderId`. Only friends may write to each other; a `shro_share` must
 * name a Shro the sender created or one that is public or shareable.
 */
export async function sendMessage(
  { db, live }: LiveDeps,
  senderId: string,
  input: ValidSendMessage,
): Promise<ChatMessage> {
  if (input.recipientId === senderId) throw badRequest(CHAT_MESSAGES.self);
  const [recipient] = await findUsersByIds(db, [input.recipientId]);
  if (!recipient) throw notFound(CHAT_MESSAGES.userNotFound);
  if (!(await areFriends(db, senderId, input.recipientId))) throw forbidden(CHAT_MESSAGES.notFriends);

  let shroId: string | null = null;
  if (input.messageType === 'shro_share') {
    const shro = input.shroSessionId ? await findShroShareInfo(db, input.shroSessionId) : undefined;
    const visible = shro && (shro.creatorId === senderId || shro.isPublic || shro.isShareable);
    // The same answer for "does not exist" and "not yours to share": a private Shro stays unknown.
    if (!visible) throw badRequest(CHAT_MESSAGES.shroNotShareable);
    shroId = input.shroSessionId;
  }

  // Chatting is activity: it keeps the sender's streak, in the same transaction as the message.
  const { row, unlocked } = await db.transaction(async (tx) => {
    const inserted = await insertMessage(tx, {
      senderId,
      recipientId: input.recipientId,
      content: input.content,
      messageType: input.messageType,
      shroId,
    });
    return { row: inserted, unlocked: await recordActivity(tx, senderId) };
  });
  if (unlocked.length > 0) await live.publish({ type: 'notification.created' }, { users: [senderId] });
  // The sender's other tabs too: their conversation list changed as well.
  await live.publish(
    { type: 'chat.message.sent', messageId: row.id, senderId, recipientId: input.recipientId },
    { users: [input.recipientId, senderId] },
  );
  // A push for the recipient, after this answer (decision 116); their service worker shows it
  // unless that conversation is the page they are looking at.
  const [sender] = await findUsersByIds(db, [senderId]);
  if (sender) {
    queueMessagePush({
      recipientId: input.recipientId,
      senderId,
      senderUsername: sender.username,
      content: row.content,
      messageType: row.messageType,
    });
  }
  return toChatMessage(row);
}

/** Tells the senders whose messages just reached the user's screens (their ticks turn delivered). */
async function publishDelivered(live: LivePublisher, userId: string, senderIds: string[]) {
  if (senderIds.length > 0)
    await live.publish({ type: 'chat.message.delivered', recipientId: userId }, { users: senderIds });
}

/** The other side of a conversation the user acts on: someone else, who exists (400 / 404 otherwise). */
async function requireOtherUser(db: Db, userId: string, otherId: string): Promise<void> {
  if (otherId === userId) throw badRequest(CHAT_MESSAGES.readSelf);
  const [other] = await findUsersByIds(db, [otherId]);
  if (!other) throw notFound(CHAT_MESSAGES.userNotFound);
}

/** The last 200 messages between the user and `otherId`, oldest first. A pure read: opening a chat marks nothing. */
export async function getConversation(db: Db, userId: string, otherId: string): Promise<ChatMessage[]> {
  const [other] = await findUsersByIds(db, [otherId]);
  if (!other) throw notFound(CHAT_MESSAGES.userNotFound);
  const clearedThrough = await findClearedThrough(db, userId, otherId);
  const rows = await listMessagesBetween(db, userId, otherId, CHAT_HISTORY_LIMIT, clearedThrough);
  return rows.reverse().map(toChatMessage);
}

/**
 * DELETE /api/chat/:userId — the conversation leaves the user's list and its messages so far are
 * hidden from the user only; `otherId` keeps theirs, and a newer message shows again (decision 018).
 */
export async function deleteConversation(
  db: Db,
  userId: string,
  otherId: string,
  now = new Date(),
): Promise<DeleteConversationResult> {
  await requireOtherUser(db, userId, otherId);
  await clearConversation(db, userId, otherId, now);
  return { success: true };
}

/**
 * POST /api/chat/:userId/read — `otherId`'s messages to the user become read (and delivered).
 * An explicit write, so it goes through the cross-site checks that no GET gets.
 */
export async function readConversation(
  { db, live }: LiveDeps,
  userId: string,
  otherId: string,
  now = new Date(),
): Promise<MarkConversationReadResult> {
  await requireOtherUser(db, userId, otherId);
  const updated = await markConversationRead(db, userId, otherId, now);
  // Only an actual change is published: the event makes both sides refetch, and the reader's
  // refetch must not lead to another mark that published again.
  if (updated > 0) {
    await live.publish(
      { type: 'chat.message.read', readerId: userId, senderId: otherId },
      { users: [otherId, userId] },
    );
  }
  return { updated };
}

/** One row per person the user has exchanged messages with, newest first; marks incoming messages delivered. */
export async function getConversations(
  { db, live }: LiveDeps,
  userId: string,
  now = new Date(),
): Promise<Conversation[]> {
  await publishDelivered(live, userId, await markAllDelivered(db, userId, now));
  const [heads, unread] = await Promise.all([listConversationHeads(db, userId), countUnreadBySender(db, userId)]);
  return heads.map((head) => ({
    user: toPublicUser(head.user),
    lastMessage: {
      id: head.id,
      createdAt: head.createdAt.toISOString(),
      messageType: head.messageType,
      content: head.content,
      senderId: head.senderId,
    },
    unreadCount: unread.get(head.user.id) ?? 0,
  }));
}

/** Unread messages to the user, all conversations together; marks them delivered (the badge saw them). */
export async function getUnreadMessageCount({ db, live }: LiveDeps, userId: string, now = new Date()): Promise<number> {
  await publishDelivered(live, userId, await markAllDelivered(db, userId, now));
  return countUnreadMessages(db, userId);
}
