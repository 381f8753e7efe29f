import { ONLINE_WINDOW_MS, type OnlineStatusMap } from '../../../contract/chat';
import type { Db } from '../../db/client';
import type { UserRow } from '../auth/queries';
import { lastSeenOfFriends, touchLastSeen } from './queries';

/** `lastSeenAt` is refreshed at most this often per user, so polling costs at most one write per 30 s. */
const LAST_SEEN_REFRESH_MS = 30_000;

/**
 * Notes that the signed-in user is around. Called from the GET handlers the web app polls every
 * few seconds (chat conversations, chat and notification counts, an open chat, notifications)
 * instead of an `onRequest` hook on every call: the user row is already loaded by `requireUser`,
 * so a fresh mark costs nothing and a stale one one guarded UPDATE.
 */
export async function notePresence(db: Db, user: UserRow, now = new Date()): Promise<void> {
  if (user.lastSeenAt && now.getTime() - user.lastSeenAt.getTime() < LAST_SEEN_REFRESH_MS) return;
  await touchLastSeen(db, user.id, now, new Date(now.getTime() - LAST_SEEN_REFRESH_MS));
  // The row may be the auth cache's copy: keep its mark current so the next poll writes nothing.
  user.lastSeenAt = now;
}

/**
 * Online (seen in the last 60 s) for each asked id. Only the user and the user's friends can show
 * as online: presence is not shared with strangers, so anyone else reads `false`.
 */
export async function getOnlineStatus(
  db: Db,
  userId: string,
  ids: string[],
  now = new Date(),
): Promise<OnlineStatusMap> {
  const result: OnlineStatusMap = {};
  for (const id of ids) result[id] = false;
  const rows = await lastSeenOfFriends(db, userId, ids);
  for (const row of rows) {
    result[row.id] = row.lastSeenAt !== null && now.getTime() - row.lastSeenAt.getTime() <= ONLINE_WINDOW_MS;
  }
  return result;
}
