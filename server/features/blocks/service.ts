import {
  BLOCK_MESSAGES,
  type BlockedUser,
  type MutedShro,
  type MutedUser,
  type MuteList,
  type ShroMuteState,
  type UserBlockState,
} from '../../../contract/blocks';
import { USER_NOT_FOUND_MESSAGE } from '../../../contract/profiles';
import { SHRO_MESSAGES } from '../../../contract/shros';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { badRequest, notFound } from '../../lib/http-errors';
import { deleteFriendRequest, deleteFriendship, findUsersByIds, lockFriendPair } from '../friends/queries';
import type { LiveDeps } from '../live/bus';
import { markNotificationsReadAbout } from '../notifications/queries';
import { findVisibleShro, type ShroDeps } from '../shros/access';
import {
  deleteBlock,
  deleteShroMute,
  deleteUserMute,
  hasBlocked,
  hasMutedUser,
  insertBlock,
  insertShroMute,
  insertUserMute,
  listBlockedUsers,
  listMutedShros,
  listMutedUsers,
  listMutes,
} from './queries';

/** 404 unless `otherId` names an existing user. */
async function requireUser(db: Db, otherId: string): Promise<void> {
  const [other] = await findUsersByIds(db, [otherId]);
  if (!other) throw notFound(USER_NOT_FOUND_MESSAGE);
}

/** Where the user now stands with `otherId`: what every block and mute call answers. */
async function stateWith(db: Db, userId: string, otherId: string): Promise<UserBlockState> {
  const [blocked, muted] = await Promise.all([hasBlocked(db, userId, otherId), hasMutedUser(db, userId, otherId)]);
  return { userId: otherId, blocked, muted };
}

/** Turns a vanished user (deleted between the check and the write) into the same 404 as an unknown one. */
async function orNotFound<T>(write: Promise<T>, message: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(message);
    throw error;
  }
}

/**
 * Blocks `otherId` (again: nothing changes). Ends their friendship and every pending request
 * between them in the same transaction, under the friend pair lock so that a request crossing the
 * block cannot slip in. Their side sees what an unfriend or a declined request shows; nothing
 * tells them of the block. Then every instance ends their live watches of each other's Shros.
 */
export async function blockUser({ db, live }: LiveDeps, userId: string, otherId: string): Promise<UserBlockState> {
  if (otherId === userId) throw badRequest(BLOCK_MESSAGES.blockSelf);
  const ended = await orNotFound(
    db.transaction(async (tx) => {
      await lockFriendPair(tx, userId, otherId);
      await requireUser(tx, otherId);
      await insertBlock(tx, userId, otherId);
      const unfriended = await deleteFriendship(tx, userId, otherId);
      const sent = await deleteFriendRequest(tx, userId, otherId);
      const received = await deleteFriendRequest(tx, otherId, userId);
      // Their request is gone: its notification is no longer something to answer.
      const read = received
        ? await markNotificationsReadAbout(tx, userId, { types: ['friend_request'], actorId: otherId })
        : 0;
      return { unfriended, requests: sent || received, read };
    }),
    USER_NOT_FOUND_MESSAGE,
  );
  // Both sides' friend lists refetch, as after an unfriend or a declined request.
  if (ended.unfriended) {
    await live.publish({ type: 'friend.friendship.removed', userId: otherId }, { users: [userId] });
    await live.publish({ type: 'friend.friendship.removed', userId }, { users: [otherId] });
  }
  if (ended.requests) {
    await live.publish({ type: 'friend.request.changed', userId: otherId }, { users: [userId] });
    await live.publish({ type: 'friend.request.changed', userId }, { users: [otherId] });
  }
  if (ended.read > 0) await live.publish({ type: 'notification.read' }, { users: [userId] });
  // Live channels opened before the block stop watching each other's Shros, on every instance.
  await live.publish({ type: 'user.block.added', blockerId: userId, blockedId: otherId }, { servers: true });
  return stateWith(db, userId, otherId);
}

/** Lifts the user's block of `otherId` (none: nothing changes). Friendship and requests do not come back. */
export async function unblockUser(db: Db, userId: string, otherId: string): Promise<UserBlockState> {
  if (otherId === userId) throw badRequest(BLOCK_MESSAGES.blockSelf);
  await requireUser(db, otherId);
  await deleteBlock(db, userId, otherId);
  return stateWith(db, userId, otherId);
}

/** GET /api/blocks: the people the user blocked, newest first. */
export async function getBlockedUsers(db: Db, userId: string): Promise<BlockedUser[]> {
  const rows = await listBlockedUsers(db, userId);
  return rows.map(({ blockedAt, ...user }) => ({ ...user, blockedAt: blockedAt.toISOString() }));
}

/** Mutes `otherId`: no notification (nor push) caused by them reaches the user; nothing else changes. */
export async function muteUser(db: Db, userId: string, otherId: string): Promise<UserBlockState> {
  if (otherId === userId) throw badRequest(BLOCK_MESSAGES.muteSelf);
  await requireUser(db, otherId);
  await orNotFound(insertUserMute(db, userId, otherId), USER_NOT_FOUND_MESSAGE);
  return stateWith(db, userId, otherId);
}

export async function unmuteUser(db: Db, userId: string, otherId: string): Promise<UserBlockState> {
  if (otherId === userId) throw badRequest(BLOCK_MESSAGES.muteSelf);
  await requireUser(db, otherId);
  await deleteUserMute(db, userId, otherId);
  return stateWith(db, userId, otherId);
}

/**
 * Mutes a Shro the user can see (404 otherwise, as for any unknown Shro): no notification about it
 * reaches them. Its creator may mute their own (a busy public Shro).
 */
export async function muteShro(
  deps: Pick<ShroDeps, 'db' | 'cache'>,
  userId: string,
  shroId: string,
): Promise<ShroMuteState> {
  await findVisibleShro(deps, shroId, userId);
  await orNotFound(insertShroMute(deps.db, userId, shroId), SHRO_MESSAGES.notFound);
  return { shroId, muted: true };
}

export async function unmuteShro(
  deps: Pick<ShroDeps, 'db' | 'cache'>,
  userId: string,
  shroId: string,
): Promise<ShroMuteState> {
  await findVisibleShro(deps, shroId, userId);
  await deleteShroMute(deps.db, userId, shroId);
  return { shroId, muted: false };
}

/** GET /api/mutes. */
export const getMutes = (db: Db, userId: string): Promise<MuteList> => listMutes(db, userId);

/** GET /api/mutes/users: the people the user muted, newest first, for the settings' list. */
export async function getMutedUsers(db: Db, userId: string): Promise<MutedUser[]> {
  const rows = await listMutedUsers(db, userId);
  return rows.map(({ mutedAt, ...user }) => ({ ...user, mutedAt: mutedAt.toISOString() }));
}

/** GET /api/mutes/sessions: the Shros the user muted, newest first, for the settings' list. */
export async function getMutedShros(db: Db, userId: string): Promise<MutedShro[]> {
  const rows = await listMutedShros(db, userId);
  return rows.map(({ mutedAt, ...shro }) => ({ ...shro, mutedAt: mutedAt.toISOString() }));
}
