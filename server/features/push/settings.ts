import { eq, type SQL, sql } from 'drizzle-orm';
import type { NotificationType } from '../../../contract/notifications';
import {
  defaultNotificationSettings,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
} from '../../../contract/push';
import type { Db } from '../../db/client';
import { jsonColumn } from '../../db/json';
import { notificationSettings } from '../../db/schema/index';
import { anyOf } from '../../db/unnest';
import { transactionIdIfSubscribedSql } from './queries';

/*
 * Notification settings (decision 117): each kind on or off per channel (in app, push), and quiet
 * hours for push. No row means the defaults, so a new user gets everything.
 */

const KIND_OF_TYPE: Partial<Record<NotificationType, NotificationKind>> = {
  shro_received: 'shroReceived',
  // A nudge is about a Shro the user received: it follows those settings (decision 185).
  shro_nudge: 'shroReceived',
  shro_selected: 'boxOpened',
  // How many opened a Shro, at its deadline: what the box-opened settings are about (decision 186).
  shro_closed: 'boxOpened',
  reaction: 'reaction',
  friend_request: 'friendRequest',
  friend_accepted: 'friendRequest',
  // A friend made through an invite follows the friend-request settings (docs/decisions/124-invitations.md).
  invite_accepted: 'friendRequest',
  achievement_unlocked: 'achievement',
};

/**
 * The settings kind a notification belongs to; null for the ones a user cannot turn off (what
 * moderation tells them), which stay in the app and are never pushed.
 */
export const kindOfNotification = (type: NotificationType): NotificationKind | null => KIND_OF_TYPE[type] ?? null;

type StoredSettings = Pick<typeof notificationSettings.$inferSelect, 'channels' | 'quietStart' | 'quietEnd'>;

/** A stored row as settings: kinds missing from an older row keep their default. */
function fromRow(row: StoredSettings | undefined): NotificationSettings {
  const settings = defaultNotificationSettings();
  if (!row) return settings;
  const stored = (row.channels ?? {}) as Partial<Record<NotificationKind, { inApp?: unknown; push?: unknown }>>;
  for (const kind of NOTIFICATION_KINDS) {
    const channels = stored[kind];
    if (typeof channels?.inApp === 'boolean') settings.kinds[kind].inApp = channels.inApp;
    if (typeof channels?.push === 'boolean') settings.kinds[kind].push = channels.push;
  }
  settings.quietHours = row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null;
  return settings;
}

/** The user's notification settings (the defaults when never saved). */
export async function getNotificationSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return fromRow(row);
}

/** Several users' settings at once, keyed by user id (every asked id present). */
export async function notificationSettingsOf(db: Db, userIds: string[]): Promise<Map<string, NotificationSettings>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const result = await db.execute(sql`select ${settingsAndPushColumnsSql(unique, false)}`);
  return settingsAndPushFrom(unique, (result as unknown as { rows: SettingsAndPushRow[] }).rows[0]!).settings;
}

/** The columns settingsAndPushColumnsSql selects, as the drivers return them. */
export interface SettingsAndPushRow {
  push_xid: string | null;
  /** JSON: the users' stored rows (read with jsonColumn). */
  settings: unknown;
}

/**
 * SQL for two columns of a one-row select, what routing a notification needs (decision 144):
 * `push_xid`, with `push`, the caller's transaction id when any of these users has a push
 * subscription (else null), and `settings`, their stored rows as a JSON array; so that a caller
 * reads them beside other things in the same statement (server/features/push/dispatch.ts).
 */
export const settingsAndPushColumnsSql = (userIds: string[], push: boolean): SQL => sql`
  ${push ? transactionIdIfSubscribedSql(userIds) : sql`null::text`} as push_xid,
  (select coalesce(json_agg(json_build_object('userId', ${notificationSettings.userId},
      'channels', ${notificationSettings.channels}, 'quietStart', ${notificationSettings.quietStart},
      'quietEnd', ${notificationSettings.quietEnd})), '[]'::json)
    from ${notificationSettings} where ${anyOf(notificationSettings.userId, userIds, 'text')}) as settings`;

/** Every asked user's settings (the defaults without a stored row) and the push transaction id. */
export function settingsAndPushFrom(
  userIds: string[],
  row: SettingsAndPushRow,
): { settings: Map<string, NotificationSettings>; pushXid: string | null } {
  const stored = jsonColumn<(StoredSettings & { userId: string })[]>(row.settings);
  const byUser = new Map(stored.map((entry) => [entry.userId, entry]));
  return {
    settings: new Map(userIds.map((id) => [id, fromRow(byUser.get(id))])),
    pushXid: row.push_xid ?? null,
  };
}

/** Replaces the user's settings with `settings` (already validated by the contract schema). */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  settings: NotificationSettings,
  now = new Date(),
): Promise<NotificationSettings> {
  const values = {
    channels: settings.kinds,
    quietStart: settings.quietHours?.start ?? null,
    quietEnd: settings.quietHours?.end ?? null,
    updatedAt: now,
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
  return getNotificationSettings(db, userId);
}

/** Minutes after local midnight of `now` in `timeZone` (UTC when the zone is unknown). */
function localMinutes(now: Date, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  }
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether `now` falls in the quiet hours, read in the user's time zone: from `start` included to
 * `end` excluded, wrapping past midnight when `end` comes before `start` (22:00–07:00).
 */
export function inQuietHours(quietHours: NotificationSettings['quietHours'], timeZone: string, now: Date): boolean {
  if (!quietHours) return false;
  const minute = localMinutes(now, timeZone);
  const start = toMinutes(quietHours.start);
  const end = toMinutes(quietHours.end);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}
