import type { FastifyInstance } from 'fastify';
import { chatUserParamSchema, onlineStatusQuerySchema, sendMessageInputSchema } from '../../../contract/chat';
import { parseInput } from '../../lib/parse';
import { getOnlineStatus, notePresence } from './presence';
import { getConversation, getConversations, getUnreadMessageCount, sendMessage } from './service';

/** Direct messages between friends and the online-status map (spec §7). */
export async function chatRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const read = { preHandler: app.requireUser };

  app.post('/api/chat/send', { preHandler: [app.requireUser, app.limitWrites] }, async (request, reply) => {
    const input = parseInput(sendMessageInputSchema, request.body);
    return reply.status(201).send(await sendMessage(db, request.user!.id, input, app.bus));
  });

  // The polled reads below also keep the user's `lastSeenAt` fresh (see notePresence).
  app.get('/api/chat/conversations', read, async (request) => {
    await notePresence(db, request.user!);
    return getConversations(db, request.user!.id, new Date(), app.bus);
  });

  app.get('/api/chat/unread-count', read, async (request, reply) => {
    await notePresence(db, request.user!);
    // A bare JSON number, as the web app reads it.
    return reply
      .type('application/json')
      .send(JSON.stringify(await getUnreadMessageCount(db, request.user!.id, new Date(), app.bus)));
  });

  app.get('/api/chat/:userId', read, async (request) => {
    const { userId } = parseInput(chatUserParamSchema, request.params);
    await notePresence(db, request.user!);
    return getConversation(db, request.user!.id, userId, new Date(), app.bus);
  });

  app.get('/api/users/online-status', read, async (request) => {
    const { userIds } = parseInput(onlineStatusQuerySchema, request.query);
    return getOnlineStatus(db, request.user!.id, userIds);
  });
}
