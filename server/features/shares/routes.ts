import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shareShroResponseSchema } from '../../../contract/achievements';
import { shroIdParamsSchema } from '../../../contract/ids';
import { noBodySchema } from '../../../contract/validation';
import { errorAnswers } from '../../lib/error-answers';
import { shareShro } from './service';

/** POST /api/sessions/:id/share: the session page's and explore's share buttons record a share. */
export async function sharesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.database.db, cache: app.shroCache, live: app.bus };
  app.post(
    '/api/sessions/:id/share',
    {
      onRequest: app.requireUser,
      preValidation: app.limitWrites,
      schema: {
        summary: 'Records that the caller shared a Shro.',
        params: shroIdParamsSchema,
        body: noBodySchema,
        response: { 200: shareShroResponseSchema, ...errorAnswers(410) },
      },
    },
    async (request) => shareShro(deps, request.params.id, request.user!.id),
  );
}
