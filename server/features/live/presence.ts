import { ONLINE_WINDOW_MS, type OnlineStatusMap } from '../../../contract/chat';
import type { Db } from '../../db/client';
import type { UserRow } from '../auth/queries';
import { friendIdsOf, whichAreFriends } from '../friends/queries';
import type { LivePublisher } from './bus';
import type { PresenceHooks } from './hub';
import { lastSeenOf, markAway, touchLastSeen, touchPresence } from './queries';

/*
 * Presence, in one place (docs/decisions/092-one-owner-per-concept.md): online means seen within
 * 60 s (decision 038). The live channel keeps the mark (decision 076); the polled reads keep
 * it when the channel is down (decision 077); the online-status read turns it into dots, for
 * friends only.
 */

/** `lastSeenAt` is refreshed at most this often per user, so polling costs at most one write per 30 s. */
const LAST_SEEN_REFRESH_MS = 30_000;

/**
 * Presence from the live channel. An open channel marks its user seen on connect and on every
 * heartbeat; when their last channel closes, the mark moves back out of the window at once
 * instead of fading after a minute. Friends hear each change and refetch the online dots.
 */
export function channelPresence(db: Db, live: LivePublisher): PresenceHooks {
  const tellFriends = async (userId: string, online: boolean) => {
    const friendIds = await friendIdsOf(db, userId);
    if (friendIds.length > 0) await live.publish({ type: 'presence.changed', userId, online }, { users: friendIds });
  };
  return {
    async cameOnline(userId) {
      await touchPresence(db, [userId], new Date());
      await tellFriends(userId, true);
    },
    async wentAway(userId, since) {
      // Guarded: a mark made after the channel closed (another tab or instance, a poll) wins.
      const awayAt = new Date(Date.now() - ONLINE_WINDOW_MS - 1000);
      if (await markAway(db, userId, awayAt, since)) await tellFriends(userId, false);
    },
    async stillHere(userIds) {
      await touchPresence(db, userIds, new Date());
    },
  };
}

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
  if (ids.length === 0) return result;
  const [friends, rows] = await Promise.all([whichAreFriends(db, userId, ids), lastSeenOf(db, ids)]);
  for (const row of rows) {
    if (row.id !== userId && !friends.has(row.id)) continue;
    result[row.id] = row.lastSeenAt !== null && now.getTime() - row.lastSeenAt.getTime() <= ONLINE_WINDOW_MS;
  }
  return result;
}
