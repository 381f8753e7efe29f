import type { FastifyInstance } from 'fastify';
import { exploreQuerySchema, exploreSearchQuerySchema } from '../../../contract/explore';
import { parseInput } from '../../lib/parse';
import { listRecent, listTrending, searchExplore } from './service';

/** Public Shros for signed-in users (docs/product.md §2: /explore needs login). */
export async function exploreRoutes(app: FastifyInstance) {
  const { db } = app.database;
  // Searching and paging cost the database the most: each counts against the read budgets.
  const read = { preHandler: [app.requireUser, app.limitReads] };

  app.get('/api/explore', read, async (request) => listRecent(db, parseInput(exploreQuerySchema, request.query)));

  app.get('/api/explore/trending', read, async (request) =>
    listTrending(db, parseInput(exploreQuerySchema, request.query)),
  );

  app.get('/api/explore/search', read, async (request) =>
    searchExplore(db, parseInput(exploreSearchQuerySchema, request.query)),
  );
}
