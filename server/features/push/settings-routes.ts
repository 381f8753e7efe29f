import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationSettingsSchema } from '../../../contract/push';
import { getNotificationSettings, saveNotificationSettings } from './settings';

/** GET/PUT /api/notifications/settings: each kind × channel on or off, and quiet hours (decision 117). */
export async function notificationSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  app.get(
    '/api/notifications/settings',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Returns which notification kinds reach which channel.',
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => getNotificationSettings(db, request.user!.id),
  );
  app.put(
    '/api/notifications/settings',
    {
      onRequest: app.requireUser,
      preValidation: app.limitWrites,
      schema: {
        summary: 'Saves which notification kinds reach which channel.',
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => saveNotificationSettings(db, request.user!.id, request.body),
  );
}
