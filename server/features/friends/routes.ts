import type { FastifyInstance } from 'fastify';
import { friendIdInputSchema, friendIdParamSchema, friendSearchQuerySchema } from '../../../contract/friends';
import { noBodySchema } from '../../../contract/validation';
import { parseInput } from '../../lib/parse';
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
export async function friendsRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const read = { preHandler: app.requireUser };
  const write = { preHandler: [app.requireUser, app.limitWrites] };

  /** After a committed change between two users: both sides' lists refetch (and the other's notifications). */
  async function publishChange(
    type: 'friend.request.changed' | 'friend.friendship.removed',
    userId: string,
    otherId: string,
    notified: boolean,
  ) {
    await app.bus.publish({ type, userId: otherId }, { users: [userId] });
    await app.bus.publish({ type, userId }, { users: [otherId] });
    if (notified) await app.bus.publish({ type: 'notification.created' }, { users: [otherId] });
    // Answering a request marks its notification read (service), so the user's badges refetch.
    await app.bus.publish({ type: 'notification.read' }, { users: [userId] });
  }

  app.get('/api/friends', read, async (request) => getFriends(db, request.user!.id));

  app.get('/api/friends/requests', read, async (request) => getIncomingRequests(db, request.user!.id));

  app.get('/api/friends/sent', read, async (request) => getSentRequests(db, request.user!.id));

  app.get('/api/friends/search', { preHandler: [app.requireUser, app.limitReads] }, async (request) => {
    const { q } = parseInput(friendSearchQuerySchema, request.query);
    return searchFriends(db, request.user!.id, q);
  });

  app.get('/api/friends/status/:id', read, async (request) => {
    const { id } = parseInput(friendIdParamSchema, request.params);
    return getFriendStatus(db, request.user!.id, id);
  });

  app.post('/api/friends/request', write, async (request, reply) => {
    const { friendId } = parseInput(friendIdInputSchema, request.body);
    const result = await sendFriendRequest(db, request.user!.id, friendId);
    // Either way the other side got a notification: a request, or "accepted" when theirs was pending.
    await publishChange('friend.request.changed', request.user!.id, friendId, true);
    return reply.status(201).send(result);
  });

  app.post('/api/friends/accept', write, async (request) => {
    const { friendId } = parseInput(friendIdInputSchema, request.body);
    const result = await acceptFriendRequest(db, request.user!.id, friendId);
    await publishChange('friend.request.changed', request.user!.id, friendId, true);
    return result;
  });

  app.post('/api/friends/decline', write, async (request) => {
    const { friendId } = parseInput(friendIdInputSchema, request.body);
    const result = await declineFriendRequest(db, request.user!.id, friendId);
    await publishChange('friend.request.changed', request.user!.id, friendId, false);
    return result;
  });

  app.delete('/api/friends/:id', write, async (request) => {
    parseInput(noBodySchema, request.body);
    const { id } = parseInput(friendIdParamSchema, request.params);
    const result = await removeFriend(db, request.user!.id, id);
    await publishChange('friend.friendship.removed', request.user!.id, id, false);
    return result;
  });
}
