import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { explorePageSchema, exploreQuerySchema, exploreSearchQuerySchema } from '../../../contract/explore';
import { listRecent, listTrending, searchExplore } from './service';

/** Public Shros for signed-in users (docs/product.md §2: /explore needs login). */
export async function exploreRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  // Searching and paging cost the database the most: each counts against the read budgets.
  const read = { onRequest: app.requireUser, preValidation: app.limitReads };
  const response = { 200: explorePageSchema };
  const page = (summary: string) => ({ ...read, schema: { summary, querystring: exploreQuerySchema, response } });

  app.get('/api/explore', page('Lists recent public Shros.'), async (request) =>
    listRecent(db, request.user!.id, request.query),
  );

  app.get('/api/explore/trending', page('Lists trending public Shros.'), async (request) =>
    listTrending(db, request.user!.id, request.query),
  );

  app.get(
    '/api/explore/search',
    { ...read, schema: { summary: 'Searches public Shros.', querystring: exploreSearchQuerySchema, response } },
    async (request) => searchExplore(db, request.user!.id, request.query),
  );
}
