import type { FastifyInstance } from 'fastify';
import { platformStatsSchema } from '../../../contract/platform';
import { countShros } from './queries';

/** Platform-wide figures for the signed-in home badge. */
export async function platformRoutes(app: FastifyInstance) {
  app.get(
    '/api/platform/stats',
    { schema: { summary: 'Counts the Shros on the platform.', response: { 200: platformStatsSchema } } },
    async () => ({
      totalShros: await countShros(app.database.db),
    }),
  );
}
