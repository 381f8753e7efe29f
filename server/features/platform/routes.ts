import type { FastifyInstance } from 'fastify';
import { countShros } from './queries';

/** Platform-wide figures for the signed-in home badge. */
export async function platformRoutes(app: FastifyInstance) {
  app.get('/api/platform/stats', async () => ({ totalShros: await countShros(app.database.db) }));
}
