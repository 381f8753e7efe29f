import type { FastifyInstance } from 'fastify';
import { chatUserParamSchema, onlineStatusQuerySchema, sendMessageInputSchema } from '../../../contract/chat';
import { noBodySchema } from '../../../contract/validation';
import { parseInput } from '../../lib/parse';
import { getOnlineStatus, notePresence } from './presence';
import {
  deleteConversation,
  getConversation,
  getConversations,
  getUnreadMessageCount,
  readConversation,
  sendMessage,
} from './service';

/** Direct messages between friends and the online-status map (docs/product.md §7). */
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
    return getConversation(db, request.user!.id, userId);
  });

  // Marking read is a write of its own (never a side effect of the GET above), so a cross-site
  // navigation cannot do it. Not under the write budget: it only touches the caller's own rows,
  // is idempotent, and publishes only when something changed (once per message the friend sent).
  app.post('/api/chat/:userId/read', read, async (request) => {
    parseInput(noBodySchema, request.body);
    const { userId } = parseInput(chatUserParamSchema, request.params);
    return readConversation(db, request.user!.id, userId, new Date(), app.bus);
  });

  // Deleting hides the conversation from the caller only; a write like any other, under the budget.
  app.delete('/api/chat/:userId', { preHandler: [app.requireUser, app.limitWrites] }, async (request) => {
    parseInput(noBodySchema, request.body);
    const { userId } = parseInput(chatUserParamSchema, request.params);
    return deleteConversation(db, request.user!.id, userId, new Date());
  });

  app.get('/api/users/online-status', read, async (request) => {
    const { userIds } = parseInput(onlineStatusQuerySchema, request.query);
    return getOnlineStatus(db, request.user!.id, userIds);
  });
}
