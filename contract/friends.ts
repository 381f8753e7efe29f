import { z } from 'zod';
import { type PublicUser, publicUserSchema } from './auth';
import { userIdField } from './ids';

/** Search terms are trimmed and 1–30 characters: the longest possible username (docs/product.md §9). */
export const FRIEND_SEARCH_MAX_LENGTH = 30;
export const FRIEND_SEARCH_LIMIT = 20;

/** Body of POST /api/friends/request, /accept and /decline. */
export const friendIdInputSchema = z.strictObject({ friendId: userIdField('friendId') });

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
const friendshipStatusSchema = z.enum(['none', 'pending', 'received', 'friends']);
export type FriendshipStatus = z.output<typeof friendshipStatusSchema>;

/** One row of GET /api/friends/search. */
export const friendSearchResultSchema = publicUserSchema.extend({ friendshipStatus: friendshipStatusSchema });
export type FriendSearchResult = z.output<typeof friendSearchResultSchema>;

/**
 * One row of GET /api/friends/requests (incoming: `user` is who asked) or /api/friends/sent
 * (`user` is who was asked). `id` is the request's own id; actions take `user.id` as `friendId`.
 */
export const friendRequestItemSchema = z.object({ id: z.number(), createdAt: z.string(), user: publicUserSchema });
export type FriendRequestItem = z.output<typeof friendRequestItemSchema>;

/** GET /api/friends/status/:id. */
export const friendStatusSchema = z.object({
  areFriends: z.boolean(),
  /** I asked them and they have not answered yet. */
  sentRequest: z.boolean(),
  /** They asked me and I have not answered yet. */
  receivedRequest: z.boolean(),
});
export type FriendStatus = z.output<typeof friendStatusSchema>;

/**
 * Answer of request, accept, decline and unfriend: the new state with the other person.
 * A request to someone who had already asked you answers `friends` straight away.
 */
export const friendActionResultSchema = z.object({ friendshipStatus: friendshipStatusSchema, user: publicUserSchema });
export type FriendActionResult = z.output<typeof friendActionResultSchema>;

export const FRIEND_MESSAGES = {
  self: 'You cannot send a friend request to yourself',
  userNotFound: 'User not found',
  alreadyFriends: 'You are already friends',
  alreadySent: 'Friend request already sent',
  requestNotFound: 'Friend request not found',
  notFriends: 'You are not friends with this user',
  /** A request this person declined in the last 7 days (decision 111): nothing says it was declined. */
  coolingOff: "You can't send this person a friend request right now. Please try again later.",
} as const;
