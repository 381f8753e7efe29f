import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUserSchema } from '../../../contract/auth';
import {
  friendActionResultSchema,
  friendIdInputSchema,
  friendRequestItemSchema,
  friendSearchQuerySchema,
  friendSearchResultSchema,
  friendStatusSchema,
} from '../../../contract/friends';
import { userIdParamsSchema } from '../../../contract/ids';
import { noBodySchema } from '../../../contract/validation';
import { errorAnswers } from '../../lib/error-answers';
import {
  acceptFriendRequest,
  declineFriendRequest,
  getFriendStatus,
  getFriends,
  getIncomingRequests,
  getSentRequests,
  removeFriend,
  searchFriends,
  sendFriendRequest,
} from './service';

/** Friends, friend requests, search and status (docs/product.md §7); everything needs a signed-in user. */
export async function friendsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const deps = { db, live: app.bus };
  const read = { onRequest: app.requireUser };
  const write = { onRequest: app.requireUser, preValidation: app.limitWrites };
  // Request, accept and decline name the other person in the body: 404 when there is no such
  // person or request, 409 when it is already done.
  const answers = { 200: friendActionResultSchema, 201: friendActionResultSchema, ...errorAnswers(404, 409) };
  const toFriend = (summary: string) => ({
    ...write,
    schema: { summary, body: friendIdInputSchema, response: answers },
  });

  const users = {
    ...read,
    schema: { summary: 'Lists the caller’s friends.', response: { 200: z.array(publicUserSchema) } },
  };
  app.get('/api/friends', users, async (request) => getFriends(db, request.user!.id));

  const requests = (summary: string) => ({
    ...read,
    schema: { summary, response: { 200: z.array(friendRequestItemSchema) } },
  });
  app.get('/api/friends/requests', requests('Lists the friend requests the caller received.'), async (request) =>
    getIncomingRequests(db, request.user!.id),
  );

  app.get('/api/friends/sent', requests('Lists the friend requests the caller sent.'), async (request) =>
    getSentRequests(db, request.user!.id),
  );

  const search = { onRequest: app.requireUser, preValidation: app.limitReads };
  app.get(
    '/api/friends/search',
    {
      ...search,
      schema: {
        summary: 'Searches users by name to befriend.',
        querystring: friendSearchQuerySchema,
        response: { 200: z.array(friendSearchResultSchema) },
      },
    },
    async (request) => searchFriends(db, request.user!.id, request.query.q),
  );

  app.get(
    '/api/friends/status/:id',
    {
      ...read,
      schema: {
        summary: 'Tells where the caller stands with one user.',
        params: userIdParamsSchema,
        response: { 200: friendStatusSchema },
      },
    },
    async (request) => getFriendStatus(db, request.user!.id, request.params.id),
  );

  app.post('/api/friends/request', toFriend('Sends a friend request.'), async (request, reply) => {
    const { friendId } = request.body;
    return reply.status(201).send(await sendFriendRequest(deps, request.user!.id, friendId));
  });

  app.post('/api/friends/accept', toFriend('Accepts a friend request.'), async (request) => {
    const { friendId } = request.body;
    return acceptFriendRequest(deps, request.user!.id, friendId);
  });

  app.post('/api/friends/decline', toFriend('Declines a friend request.'), async (request) => {
    const { friendId } = request.body;
    return declineFriendRequest(deps, request.user!.id, friendId);
  });

  app.delete(
    '/api/friends/:id',
    {
      ...write,
      schema: {
        summary: 'Removes a friend.',
        params: userIdParamsSchema,
        body: noBodySchema,
        response: { 200: friendActionResultSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      return removeFriend(deps, request.user!.id, id);
    },
  );
}
