import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsAcceptedSchema, analyticsBatchSchema } from '../../../contract/analytics';
import { errorAnswers } from '../../lib/error-answers';
import { consumeOrThrow } from '../../plugins/rate-limit';
import { recordAnalytics } from './service';

/**
 * POST /api/analytics: first-party analytics (docs/product.md §1, §3). Visitors may send too; a signed-in
 * user's events carry their id. Batches per user (or per IP for visitors) are rate limited:
 * RATE_LIMIT_ANALYTICS_PER_CLIENT (default 60) per RATE_LIMIT_ANALYTICS_WINDOW_SECONDS (60).
 */
export async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  app.post(
    '/api/analytics',
    {
      onRequest: app.loadUser,
      // Counted before the batch is checked: a refused batch costs as much as an accepted one.
      preValidation: async (request) =>
        consumeOrThrow(app.limiters.analyticsByClient, request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
      schema: {
        summary: 'Records a batch of analytics events.',
        body: analyticsBatchSchema,
        response: { 202: analyticsAcceptedSchema, ...errorAnswers(429) },
      },
    },
    async (request, reply) => reply.status(202).send(await recordAnalytics(db, request.user?.id ?? null, request.body)),
  );
}
