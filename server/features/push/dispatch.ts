import type { MessageType } from '../../../contract/chat';
import type { NotificationType } from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { transactionIdIfSubscribed } from './queries';

/*
 * The one door to Web Push for the rest of the server (decision 116). The notification insert and
 * the chat service call it; the push plugin plugs in the sender that does the work after the
 * response. With no sender (scripts, a unit test without the app) nothing happens.
 */

/** A notification as stored or about to be: what a push about it needs. */
export interface NotificationForPush {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  shroId?: string | null;
  actorId?: string | null;
}

/** A chat message just sent (already committed). */
export interface MessageForPush {
  recipientId: string;
  senderId: string;
  senderUsername: string;
  content: string;
  messageType: MessageType;
}

export interface PushSink {
  /** Notifications written in transaction `xid`: pushed once (and only if) it commits. */
  notifications(xid: string, rows: NotificationForPush[]): void;
  message(message: MessageForPush): void;
}

let sink: PushSink | undefined;

/** Plugs the app's sender in; returns the unplug. */
export function setPushSink(next: PushSink): () => void {
  sink = next;
  return () => {
    if (sink === next) sink = undefined;
  };
}

/**
 * Call in the transaction that inserts `rows`, after block and mute filters: queues their pushes
 * for after the commit. One cheap read, and nothing more when none of the recipients subscribed.
 */
export async function queueNotificationPushes(db: Db, rows: NotificationForPush[]): Promise<void> {
  const target = sink;
  if (!target || rows.length === 0) return;
  const xid = await transactionIdIfSubscribed(db, [...new Set(rows.map((row) => row.userId))]);
  if (xid) target.notifications(xid, rows);
}

/** Call after the message's transaction committed: queues its push. Never throws. */
export function queueMessagePush(message: MessageForPush): void {
  sink?.message(message);
}
