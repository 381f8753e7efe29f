import { ONLINE_WINDOW_MS } from '../../../contract/chat';
import type { Db } from '../../db/client';
import type { LivePublisher } from './bus';
import type { PresenceHooks } from './hub';
import { listFriendIds, markAway, touchPresence } from './queries';

/**
 * Presence from the live channel (docs/decisions/002: online = seen within 60 s). An open
 * channel marks its user seen on connect and on every heartbeat; when their last channel
 * closes, the mark moves back out of the window at once instead of fading after a minute.
 * Friends hear each change and refetch the online dots.
 */
export function channelPresence(db: Db, live: LivePublisher): PresenceHooks {
  const tellFriends = async (userId: string, online: boolean) => {
    const friendIds = await listFriendIds(db, userId);
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
