import type { FastifyInstance } from 'fastify';
import { getAchievements } from './service';

/** GET /api/achievements: the signed-in user's catalogue with progress (docs/product.md §3 "User achievement"). */
export async function achievementsRoutes(app: FastifyInstance) {
  const { db } = app.database;
  app.get('/api/achievements', { preHandler: app.requireUser }, async (request) =>
    getAchievements(db, request.user!.id),
  );
}
