import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatMessageSchema,
  conversationSchema,
  deleteConversationResultSchema,
  markConversationReadResultSchema,
  onlineStatusMapSchema,
  onlineStatusQuerySchema,
  sendMessageInputSchema,
} from '../../../contract/chat';
import { chatUserIdParamsSchema } from '../../../contract/ids';
import { noBodySchema } from '../../../contract/validation';
import { getOnlineStatus, notePresence } from '../live/presence';
import {
  deleteConversation,
  getConversation,
  getConversations,
  getUnreadMessageCount,
  readConversation,
  sendMessage,
} from './service';

/** Direct messages between friends and the online-status map (docs/product.md §7). */
export async function chatRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const deps = { db, live: app.bus };
  const read = { onRequest: app.requireUser };
  const write = { onRequest: app.requireUser, preValidation: app.limitWrites };
  const withUser = { params: chatUserIdParamsSchema };

  app.post(
    '/api/chat/send',
    {
      ...write,
      schema: {
        summary: 'Sends a message to a friend.',
        body: sendMessageInputSchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await sendMessage(deps, request.user!.id, request.body)),
  );

  // The polled reads below also keep the user's `lastSeenAt` fresh (see notePresence).
  app.get(
    '/api/chat/conversations',
    {
      ...read,
      schema: { summary: 'Lists the caller’s conversations.', response: { 200: z.array(conversationSchema) } },
    },
    async (request) => {
      await notePresence(db, request.user!);
      return getConversations(deps, request.user!.id);
    },
  );

  // A bare JSON number, as the web app reads it.
  app.get(
    '/api/chat/unread-count',
    { ...read, schema: { summary: 'Counts the caller’s unread messages.', response: { 200: z.number() } } },
    async (request) => {
      await notePresence(db, request.user!);
      return getUnreadMessageCount(deps, request.user!.id);
    },
  );

  app.get(
    '/api/chat/:userId',
    {
      ...read,
      schema: {
        summary: 'Lists the messages with one user.',
        ...withUser,
        response: { 200: z.array(chatMessageSchema) },
      },
    },
    async (request) => {
      await notePresence(db, request.user!);
      return getConversation(db, request.user!.id, request.params.userId);
    },
  );

  // Marking read is a write of its own (never a side effect of the GET above), so a cross-site
  // navigation cannot do it. Not under the write budget: it only touches the caller's own rows,
  // is idempotent, and publishes only when something changed (once per message the friend sent).
  app.post(
    '/api/chat/:userId/read',
    {
      ...read,
      schema: {
        summary: 'Marks a conversation read.',
        ...withUser,
        body: noBodySchema,
        response: { 200: markConversationReadResultSchema },
      },
    },
    async (request) => readConversation(deps, request.user!.id, request.params.userId),
  );

  // Deleting hides the conversation from the caller only; a write like any other, under the budget.
  app.delete(
    '/api/chat/:userId',
    {
      ...write,
      schema: {
        summary: 'Deletes the caller’s side of a conversation.',
        ...withUser,
        body: noBodySchema,
        response: { 200: deleteConversationResultSchema },
      },
    },
    async (request) => deleteConversation(db, request.user!.id, request.params.userId, new Date()),
  );

  app.get(
    '/api/users/online-status',
    {
      ...read,
      schema: {
        summary: 'Tells which of the given users are online.',
        querystring: onlineStatusQuerySchema,
        response: { 200: onlineStatusMapSchema },
      },
    },
    async (request) => getOnlineStatus(db, request.user!.id, request.query.userIds),
  );
}
