import type { PublicUser } from '../../../contract/auth';
import { isDeletedUsername } from '../../../contract/deleted-user';
import {
  FRIEND_MESSAGES,
  FRIEND_SEARCH_LIMIT,
  type FriendActionResult,
  type FriendRequestItem,
  type FriendSearchResult,
  type FriendStatus,
  type FriendshipStatus,
} from '../../../contract/friends';
import type { Db } from '../../db/client';
import { wording } from '../../i18n/catalogs';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { toPublicUser } from '../auth/present';
import { blockedEitherWay } from '../blocks/queries';
import type { LiveDeps, LivePublisher } from '../live/bus';
import { insertNotifications, markNotificationsReadAbout } from '../notifications/queries';
import { NOTIFICATION_TEXTS as TEXTS } from '../notifications/texts';
import type { PublicUserRow } from '../profiles/queries';
import { declinedRecently, forgetDecline, recordDecline } from './declines';
import {
  areFriends,
  deleteFriendRequest,
  deleteFriendship,
  findUsersByIds,
  hasFriendRequest,
  insertFriendRequest,
  insertFriendship,
  listFriends,
  listIncomingRequests,
  listSentRequests,
  lockFriendPair,
  relationsWith,
  searchUsersByUsername,
} from './queries';

type FriendEvent = 'friend.request.changed' | 'friend.friendship.removed';

/**
 * After a committed change between two users: both sides' lists refetch (and the other's
 * notifications when they got one). Answering a request marks its notification read, so the
 * user's badges refetch too.
 */
async function publishFriendChange(
  live: LivePublisher,
  type: FriendEvent,
  userId: string,
  otherId: string,
  notified: boolean,
) {
  await live.publish({ type, userId: otherId }, { users: [userId] });
  await live.publish({ type, userId }, { users: [otherId] });
  if (notified) await live.publish({ type: 'notification.created' }, { users: [otherId] });
  await live.publish({ type: 'notification.read' }, { users: [userId] });
}

/** Both users of an action; 404 when the other one does not exist. */
async function loadPair(db: Db, userId: string, otherId: string): Promise<{ me: PublicUserRow; other: PublicUserRow }> {
  const rows = await findUsersByIds(db, [userId, otherId]);
  const me = rows.find((r) => r.id === userId);
  const other = rows.find((r) => r.id === otherId);
  // A deleted account's tombstone (docs/decisions/115-account-deletion-tombstone.md) is nobody to befriend.
  if (!me || !other || isDeletedUsername(other.username)) throw notFound(FRIEND_MESSAGES.userNotFound);
  return { me, other };
}

async function notifyAccepted(db: Db, accepter: PublicUserRow, requesterId: string): Promise<void> {
  await insertNotifications(db, [
    {
      userId: requesterId,
      type: 'friend_accepted',
      title: wording(TEXTS.friendAcceptedTitle),
      message: wording(TEXTS.friendAccepted, { username: accepter.username }),
      actorId: accepter.id,
    },
  ]);
}

/** The user answered `requesterId`'s request (wherever they did it): its notification is no longer new. */
const markRequestNotificationsRead = (db: Db, userId: string, requesterId: string) =>
  markNotificationsReadAbout(db, userId, { types: ['friend_request'], actorId: requesterId });

/**
 * Asks `friendId` to be friends. If they had already asked the user, the two become friends at
 * once (both requests go away) and they get a `friend_accepted` notification instead.
 */
export async function sendFriendRequest(
  { db, live }: LiveDeps,
  userId: string,
  friendId: string,
): Promise<FriendActionResult> {
  if (friendId === userId) throw badRequest(FRIEND_MESSAGES.self);
  const result: FriendActionResult = await db.transaction(async (tx) => {
    await lockFriendPair(tx, userId, friendId);
    const { me, other } = await loadPair(tx, userId, friendId);
    // Blocked either way: the same answer as for nobody at all, so the block stays unseen (decision 104).
    if (await blockedEitherWay(tx, userId, friendId)) throw notFound(FRIEND_MESSAGES.userNotFound);
    if (await areFriends(tx, userId, friendId)) throw conflict(FRIEND_MESSAGES.alreadyFriends);
    if (await hasFriendRequest(tx, userId, friendId)) throw conflict(FRIEND_MESSAGES.alreadySent);

    if (await deleteFriendRequest(tx, friendId, userId)) {
      await insertFriendship(tx, userId, friendId);
      await markRequestNotificationsRead(tx, userId, friendId);
      await notifyAccepted(tx, me, friendId);
      return { friendshipStatus: 'friends', user: toPublicUser(other) };
    }

    // Declined in the last 7 days: refused without saying by whom or why (decision 111).
    if (await declinedRecently(tx, userId, friendId)) throw conflict(FRIEND_MESSAGES.coolingOff);
    await forgetDecline(tx, friendId, userId);
    // The pair lock makes a duplicate impossible here; the unique index is the last word anyway.
    if (!(await insertFriendRequest(tx, userId, friendId))) throw conflict(FRIEND_MESSAGES.alreadySent);
    await insertNotifications(tx, [
      {
        userId: friendId,
        type: 'friend_request',
        title: wording(TEXTS.friendRequestTitle),
        message: wording(TEXTS.friendRequest, { username: me.username }),
        actorId: userId,
      },
    ]);
    return { friendshipStatus: 'pending', user: toPublicUser(other) };
  });
  // Either way the other side got a notification: a request, or "accepted" when theirs was pending.
  await publishFriendChange(live, 'friend.request.changed', userId, friendId, true);
  return result;
}

/**
 * One answer to a request or a removal: under the pair lock, `act` checks and writes and says
 * where the two now stand; after the commit both sides hear of it (`notified`: the other got a
 * notification).
 */
async function answerFriend(
  { db, live }: LiveDeps,
  userId: string,
  friendId: string,
  change: { event: FriendEvent; notified: boolean; notFoundMessage: string },
  act: (tx: Db, pair: { me: PublicUserRow; other: PublicUserRow }) => Promise<FriendshipStatus>,
): Promise<FriendActionResult> {
  if (friendId === userId) throw notFound(change.notFoundMessage);
  const result: FriendActionResult = await db.transaction(async (tx) => {
    await lockFriendPair(tx, userId, friendId);
    const pair = await loadPair(tx, userId, friendId);
    return { friendshipStatus: await act(tx, pair), user: toPublicUser(pair.other) };
  });
  await publishFriendChange(live, change.event, userId, friendId, change.notified);
  return result;
}

const requestChanged = (notified: boolean) => ({
  event: 'friend.request.changed' as const,
  notified,
  notFoundMessage: FRIEND_MESSAGES.requestNotFound,
});

/** Accepts the pending request `friendId` sent to the user; 404 when there is none. */
export const acceptFriendRequest = (deps: LiveDeps, userId: string, friendId: string) =>
  answerFriend(deps, userId, friendId, requestChanged(true), async (tx, { me }) => {
    if (!(await deleteFriendRequest(tx, friendId, userId))) throw notFound(FRIEND_MESSAGES.requestNotFound);
    await deleteFriendRequest(tx, userId, friendId);
    await insertFriendship(tx, userId, friendId);
    await markRequestNotificationsRead(tx, userId, friendId);
    await notifyAccepted(tx, me, friendId);
    return 'friends';
  });

/** Declines (deletes) the pending request `friendId` sent to the user, quietly; 404 when there is none. */
export const declineFriendRequest = (deps: LiveDeps, userId: string, friendId: string) =>
  answerFriend(deps, userId, friendId, requestChanged(false), async (tx) => {
    if (!(await deleteFriendRequest(tx, friendId, userId))) throw notFound(FRIEND_MESSAGES.requestNotFound);
    await recordDecline(tx, friendId, userId);
    await markRequestNotificationsRead(tx, userId, friendId);
    return 'none';
  });

/** Ends a friendship; 404 when the two are not friends. */
export const removeFriend = (deps: LiveDeps, userId: string, friendId: string) =>
  answerFriend(
    deps,
    userId,
    friendId,
    { event: 'friend.friendship.removed', notified: false, notFoundMessage: FRIEND_MESSAGES.notFriends },
    async (tx) => {
      if (!(await deleteFriendship(tx, userId, friendId))) throw notFound(FRIEND_MESSAGES.notFriends);
      return 'none';
    },
  );

/** The user's friends, by username. */
export async function getFriends(db: Db, userId: string): Promise<PublicUser[]> {
  return (await listFriends(db, userId)).map(toPublicUser);
}

/** Requests waiting for the user's answer, newest first. */
export async function getIncomingRequests(db: Db, userId: string): Promise<FriendRequestItem[]> {
  const rows = await listIncomingRequests(db, userId);
  return rows.map((r) => ({ id: r.id, createdAt: r.createdAt.toISOString(), user: toPublicUser(r.user) }));
}

/** Requests the user sent that are still unanswered, newest first. */
export async function getSentRequests(db: Db, userId: string): Promise<FriendRequestItem[]> {
  const rows = await listSentRequests(db, userId);
  return rows.map((r) => ({ id: r.id, createdAt: r.createdAt.toISOString(), user: toPublicUser(r.user) }));
}

/** Username search (prefix matches first), each result with where the user stands with them. */
export async function searchFriends(db: Db, userId: string, term: string): Promise<FriendSearchResult[]> {
  // People type handles the way profile links show them ("@ada"); usernames never contain "@".
  const name = term.replace(/^@+/, '');
  if (!name) return [];
  const rows = await searchUsersByUsername(db, userId, name, FRIEND_SEARCH_LIMIT);
  const { friends, sent, received } = await relationsWith(
    db,
    userId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    let friendshipStatus: FriendshipStatus = 'none';
    if (friends.has(row.id)) friendshipStatus = 'friends';
    else if (sent.has(row.id)) friendshipStatus = 'pending';
    else if (received.has(row.id)) friendshipStatus = 'received';
    return { ...toPublicUser(row), friendshipStatus };
  });
}

/**
 * Where the user stands with `otherId`; 404 when that user does not exist, and the same 404 when
 * the two have a block either way (decision 104).
 */
export async function getFriendStatus(db: Db, userId: string, otherId: string): Promise<FriendStatus> {
  const [other] = await findUsersByIds(db, [otherId]);
  if (!other) throw notFound(FRIEND_MESSAGES.userNotFound);
  if (otherId === userId) return { areFriends: false, sentRequest: false, receivedRequest: false };
  if (await blockedEitherWay(db, userId, otherId)) throw notFound(FRIEND_MESSAGES.userNotFound);
  const { friends, sent, received } = await relationsWith(db, userId, [otherId]);
  return { areFriends: friends.has(otherId), sentRequest: sent.has(otherId), receivedRequest: received.has(otherId) };
}
