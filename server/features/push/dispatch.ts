import type { MessageType } from '../../../contract/chat';
import type { NotificationType } from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { kindOfNotification, settingsAndPushOf } from './settings';

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
 * for after the commit, whatever the in-app channel keeps (decisions 116, 117), and returns the
 * rows whose owners keep their kind in the app. One read for both (decision 144).
 */
export async function routeNotifications<T extends NotificationForPush>(db: Db, rows: T[]): Promise<T[]> {
  if (rows.length === 0) return rows;
  const target = sink;
  const { settings, pushXid } = await settingsAndPushOf(
    db,
    rows.map((row) => row.userId),
    { push: target !== undefined },
  );
  if (target && pushXid) target.notifications(pushXid, rows);
  return rows.filter((row) => {
    const kind = kindOfNotification(row.type);
    return kind === null || settings.get(row.userId)!.kinds[kind].inApp;
  });
}

/** Call after the message's transaction committed: queues its push. Never throws. */
export function queueMessagePush(message: MessageForPush): void {
  sink?.message(message);
}
