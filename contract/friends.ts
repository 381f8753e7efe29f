import { z } from 'zod';
import type { PublicUser } from './auth';

/** Search terms are trimmed and 1–30 characters: the longest possible username (docs/product.md §9). */
export const FRIEND_SEARCH_MAX_LENGTH = 30;
export const FRIEND_SEARCH_LIMIT = 20;

/** User ids are UUIDs; the bound only keeps absurd input away from the database. */
const userIdField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(64, `${label} is not a valid user id`);

/** Body of POST /api/friends/request, /accept and /decline. */
export const friendIdInputSchema = z.strictObject({ friendId: userIdField('friendId') });

/** Path of DELETE /api/friends/:id and GET /api/friends/status/:id. */
export const friendIdParamSchema = z.object({ id: userIdField('User id') });

/** Query of GET /api/friends/search. */
export const friendSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Search term is required' })
    .trim()
    .min(1, 'Search term is required')
    .max(FRIEND_SEARCH_MAX_LENGTH, `Search term must be at most ${FRIEND_SEARCH_MAX_LENGTH} characters`),
});

/** A friend as listed by GET /api/friends (public fields only, never an email). */
export type Friend = PublicUser;

/**
 * How the signed-in user stands with someone: `pending` = I asked them, `received` = they asked
 * me, `friends`, or `none`.
 */
export type FriendshipStatus = 'none' | 'pending' | 'received' | 'friends';

/** One row of GET /api/friends/search. */
export interface FriendSearchResult extends PublicUser {
  friendshipStatus: FriendshipStatus;
}

/**
 * One row of GET /api/friends/requests (incoming: `user` is who asked) or /api/friends/sent
 * (`user` is who was asked). `id` is the request's own id; actions take `user.id` as `friendId`.
 */
export interface FriendRequestItem {
  id: number;
  createdAt: string;
  user: PublicUser;
}

/** GET /api/friends/status/:id. */
export interface FriendStatus {
  areFriends: boolean;
  /** I asked them and they have not answered yet. */
  sentRequest: boolean;
  /** They asked me and I have not answered yet. */
  receivedRequest: boolean;
}

/**
 * Answer of request, accept, decline and unfriend: the new state with the other person.
 * A request to someone who had already asked you answers `friends` straight away.
 */
export interface FriendActionResult {
  friendshipStatus: FriendshipStatus;
  user: PublicUser;
}

export const FRIEND_MESSAGES = {
  self: 'You cannot send a friend request to yourself',
  userNotFound: 'User not found',
  alreadyFriends: 'You are already friends',
  alreadySent: 'Friend request already sent',
  requestNotFound: 'Friend request not found',
  notFriends: 'You are not friends with this user',
} as const;
