import type { FastifyInstance } from 'fastify';
import { notificationIdParamSchema } from '../../../contract/notifications';
import { noBodySchema } from '../../../contract/validation';
import { parseInput } from '../../lib/parse';
import { notePresence } from '../chat/presence';
import { getNotifications, getUnreadNotificationCount, readAllNotifications, readNotification } from './service';

/** The signed-in user's notifications: list, unread count, mark one or all read (docs/product.md §7). */
export async function notificationsRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const read = { preHandler: app.requireUser };

  // The polled reads also keep the user's `lastSeenAt` fresh (see notePresence).
  app.get('/api/notifications', read, async (request) => {
    await notePresence(db, request.user!);
    return getNotifications(db, request.user!.id);
  });

  app.get('/api/notifications/unread-count', read, async (request, reply) => {
    await notePresence(db, request.user!);
    // A bare JSON number, like /api/chat/unread-count.
    return reply.type('application/json').send(JSON.stringify(await getUnreadNotificationCount(db, request.user!.id)));
  });

  // The user's other tabs refresh their lists and badges.
  const publishRead = (userId: string) => app.bus.publish({ type: 'notification.read' }, { users: [userId] });

  app.patch('/api/notifications/read-all', read, async (request) => {
    parseInput(noBodySchema, request.body);
    const result = await readAllNotifications(db, request.user!.id);
    if (result.updated > 0) await publishRead(request.user!.id);
    return result;
  });

  app.patch('/api/notifications/:id/read', read, async (request) => {
    parseInput(noBodySchema, request.body);
    const { id } = parseInput(notificationIdParamSchema, request.params);
    const result = await readNotification(db, request.user!.id, id);
    await publishRead(request.user!.id);
    return result;
  });
}
