import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userAchievementSchema } from '../../../contract/achievements';
import { requestLocale } from '../../lib/request-locale';
import { getAchievements } from './service';

/** GET /api/achievements: the signed-in user's catalogue with progress (docs/product.md §3 "User achievement"). */
export async function achievementsRoutes(app: FastifyInstance) {
  const { db } = app.database;
  app.get(
    '/api/achievements',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Lists the signed-in user’s achievements with their progress.',
        response: { 200: z.array(userAchievementSchema) },
      },
    },
    async (request) => getAchievements(db, request.user!.id, requestLocale(request)),
  );
}
