import { sql } from 'drizzle-orm';
import type { MessageType } from '../../../contract/chat';
import { isLocale, type Locale, SOURCE_LOCALE } from '../../../contract/locales';
import type { NotificationType } from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { jsonColumn } from '../../db/json';
import { users } from '../../db/schema/index';
import { anyOf } from '../../db/unnest';
import { type Wording, word } from '../../i18n/catalogs';
import { type Silencing, silencingSql, withoutSilenced } from '../blocks/queries';
import {
  kindOfNotification,
  type SettingsAndPushRow,
  settingsAndPushColumnsSql,
  settingsAndPushFrom,
} from './settings';

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

/** A notification before its owner's language is known: its texts as ICU messages with values. */
export interface NotificationDraft extends Omit<NotificationForPush, 'title' | 'message'> {
  title: Wording;
  message: Wording;
}

/** A draft worded in its owner's saved language (English when none is saved). */
export type Worded<T extends NotificationDraft> = Omit<T, 'title' | 'message'> & {
  title: string;
  message: string;
  locale: Locale;
};

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
 * Call in the transaction that inserts `rows`: words each in its owner's saved language (decision
 * 167), drops those their owner muted or that a block separates from their owner
 * (blocks/queries.ts's `deliverableTo` rule, decision 104), queues the rest's pushes for after the
 * commit, whatever the in-app channel keeps (decisions 116, 117), and returns the rows whose
 * owners keep their kind in the app. One statement for all of it (decision 144): the settings,
 * the languages and the push check are read for every owner, the silenced ones too. When
 * only a silenced owner has a subscription, the kept rows are queued all the same: the sender
 * waits for the commit and reads each kept owner's settings and subscriptions, finds none and
 * sends nothing (two or three queries per row, after the answer, in a rare mixed batch).
 */
export async function screenAndRoute<T extends NotificationDraft>(db: Db, rows: T[]): Promise<Worded<T>[]> {
  if (rows.length === 0) return [];
  const target = sink;
  const userIds = [...new Set(rows.map((row) => row.userId))];
  const silencing = silencingSql(rows);
  const result = await db.execute(sql`select ${settingsAndPushColumnsSql(userIds, target !== undefined)},
    ${silencing ? sql`(select coalesce(json_agg(found), '[]'::json) from (${silencing}) found)` : sql`'[]'::json`} as silencing,
    (select coalesce(json_object_agg(${users.id}, ${users.locale}), '{}'::json) from ${users}
      where ${anyOf(users.id, userIds, 'text')} and ${users.locale} is not null) as locales`);
  const [row] = (result as unknown as { rows: (SettingsAndPushRow & { silencing: unknown; locales: unknown })[] }).rows;
  const kept = withoutSilenced(rows, jsonColumn<Silencing[]>(row!.silencing));
  if (kept.length === 0) return [];
  const saved = jsonColumn<Record<string, string>>(row!.locales);
  const allowed = kept.map((draft) => {
    const choice = saved[draft.userId];
    const locale = isLocale(choice) ? choice : SOURCE_LOCALE;
    return { ...draft, title: word(locale, draft.title), message: word(locale, draft.message), locale };
  });
  const { settings, pushXid } = settingsAndPushFrom(userIds, row!);
  if (target && pushXid) target.notifications(pushXid, allowed);
  return allowed.filter((row) => {
    const kind = kindOfNotification(row.type);
    return kind === null || settings.get(row.userId)!.kinds[kind].inApp;
  });
}

/** Call after the message's transaction committed: queues its push. Never throws. */
export function queueMessagePush(message: MessageForPush): void {
  sink?.message(message);
}
