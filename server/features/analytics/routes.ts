import type { FastifyInstance } from 'fastify';
import { analyticsBatchSchema } from '../../../contract/analytics';
import { parseInput } from '../../lib/parse';
import { consumeOrThrow } from '../../plugins/rate-limit';
import { recordAnalytics } from './service';

/**
 * POST /api/analytics: first-party analytics (docs/product.md §1, §3). Visitors may send too; a signed-in
 * user's events carry their id. Batches per user (or per IP for visitors) are rate limited:
 * RATE_LIMIT_ANALYTICS_PER_CLIENT (default 60) per RATE_LIMIT_ANALYTICS_WINDOW_SECONDS (60).
 */
export async function analyticsRoutes(app: FastifyInstance) {
  const { db } = app.database;
  app.post('/api/analytics', { preHandler: app.loadUser }, async (request, reply) => {
    await consumeOrThrow(app.limiters.analyticsByClient, request.user ? `user:${request.user.id}` : `ip:${request.ip}`);
    const batch = parseInput(analyticsBatchSchema, request.body);
    return reply.status(202).send(await recordAnalytics(db, request.user?.id ?? null, batch));
  });
}
