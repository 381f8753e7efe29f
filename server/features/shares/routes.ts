import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { noBodySchema } from '../../../contract/validation';
import { notFound } from '../../lib/http-errors';
import { parseInput } from '../../lib/parse';
import { shareShro } from './service';

const idParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** POST /api/sessions/:id/share: the session page's and explore's share buttons record a share. */
export async function sharesRoutes(app: FastifyInstance) {
  const { db } = app.database;
  app.post('/api/sessions/:id/share', { preHandler: [app.requireUser, app.limitWrites] }, async (request) => {
    parseInput(noBodySchema, request.body);
    const parsed = idParamsSchema.safeParse(request.params);
    if (!parsed.success) throw notFound(SHRO_MESSAGES.notFound);
    return shareShro(db, parsed.data.id, request.user!.id, new Date(), app.bus);
  });
}
