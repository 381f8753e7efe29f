import type { FastifyInstance } from 'fastify';
import { exploreQuerySchema, exploreSearchQuerySchema } from '../../../contract/explore';
import { parseInput } from '../../lib/parse';
import { listRecent, listTrending, searchExplore } from './service';

/** Public Shros for signed-in users (spec §2: /explore needs login). */
export async function exploreRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get('/api/explore', { preHandler: app.requireUser }, async (request) =>
    listRecent(db, parseInput(exploreQuerySchema, request.query)),
  );

  app.get('/api/explore/trending', { preHandler: app.requireUser }, async (request) =>
    listTrending(db, parseInput(exploreQuerySchema, request.query)),
  );

  app.get('/api/explore/search', { preHandler: app.requireUser }, async (request) =>
    searchExplore(db, parseInput(exploreSearchQuerySchema, request.query)),
  );
}
