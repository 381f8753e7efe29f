import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  markAllNotificationsReadResultSchema,
  notificationIdParamSchema,
  notificationItemSchema,
} from '../../../contract/notifications';
import { noBodySchema } from '../../../contract/validation';
import { notePresence } from '../live/presence';
import { getNotifications, getUnreadNotificationCount, readAllNotifications, readNotification } from './service';

/** The signed-in user's notifications: list, unread count, mark one or all read (docs/product.md §7). */
export async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const read = { onRequest: app.requireUser };

  // The polled reads also keep the user's `lastSeenAt` fresh (see notePresence).
  app.get(
    '/api/notifications',
    {
      ...read,
      schema: { summary: 'Lists the caller’s notifications.', response: { 200: z.array(notificationItemSchema) } },
    },
    async (request) => {
      await notePresence(db, request.user!);
      return getNotifications(db, request.user!.id);
    },
  );

  // A bare JSON number, like /api/chat/unread-count.
  app.get(
    '/api/notifications/unread-count',
    { ...read, schema: { summary: 'Counts the caller’s unread notifications.', response: { 200: z.number() } } },
    async (request) => {
      await notePresence(db, request.user!);
      return getUnreadNotificationCount(db, request.user!.id);
    },
  );

  app.patch(
    '/api/notifications/read-all',
    {
      ...read,
      schema: {
        summary: 'Marks every notification read.',
        body: noBodySchema,
        response: { 200: markAllNotificationsReadResultSchema },
      },
    },
    async (request) => {
      return readAllNotifications({ db, live: app.bus }, request.user!.id);
    },
  );

  const markOne = {
    summary: 'Marks one notification read.',
    params: notificationIdParamSchema,
    body: noBodySchema,
    response: { 200: notificationItemSchema },
  };
  app.patch('/api/notifications/:id/read', { ...read, schema: markOne }, async (request) => {
    return readNotification({ db, live: app.bus }, request.user!.id, request.params.id);
  });
}
