import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { parseInput } from '../../lib/parse';
import { renderPoster, searchTitles } from './service';

export type CatalogRoutesOptions = {
  tmdbApiKey?: string;
  tmdbBaseUrl: string;
  /** Run before the search route only (e.g. `requireUser` and the read budget); posters stay public and cacheable. */
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
};

const titleKindSchema = z.enum(['movie', 'tv'], { error: 'Search type must be "movie" or "tv"' });
const searchParamsSchema = z.object({ kind: titleKindSchema });
const searchQuerySchema = z.object({
  query: z.string({ error: 'query must be given once, as text' }).optional().default(''),
});
const posterParamsSchema = z.object({
  kind: z.enum(['movie', 'tv']),
  file: z.string().regex(/^\d{1,9}\.png$/),
});

const searchResponseSchema = {
  200: {
    type: 'object',
    required: ['results'],
    properties: {
      results: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'title', 'poster_path', 'release_date', 'vote_average'],
          properties: {
            id: { type: 'integer' },
            title: { type: 'string' },
            poster_path: { type: ['string', 'null'] },
            release_date: { type: 'string' },
            vote_average: { type: 'number' },
          },
        },
      },
    },
  },
} as const;

/** Movie/TV search (docs/product.md §7, TMDB proxy or offline catalogue) and the offline placeholder posters. */
export async function catalogRoutes(app: FastifyInstance, opts: CatalogRoutesOptions) {
  app.get(
    '/api/tmdb/search/:kind',
    { ...(opts.preHandler ? { preHandler: opts.preHandler } : {}), schema: { response: searchResponseSchema } },
    async (request) => {
      const { kind } = parseInput(searchParamsSchema, request.params);
      const { query } = parseInput(searchQuerySchema, request.query);
      const results = await searchTitles(kind, query, {
        apiKey: opts.tmdbApiKey,
        baseUrl: opts.tmdbBaseUrl,
        onFallback: (error) =>
          request.log.warn({ err: error }, 'TMDB search failed; answered from the offline catalogue'),
      });
      return { results };
    },
  );

  app.get('/api/catalog/posters/:kind/:file', async (request, reply) => {
    const parsed = posterParamsSchema.safeParse(request.params);
    if (!parsed.success) throw notFound('Poster not found');
    const { kind, file } = parsed.data;
    const png = await renderPoster(kind, Number.parseInt(file, 10));
    // A poster never changes for a given id, so browsers and CDNs may keep it for good.
    return reply.type('image/png').header('cache-control', 'public, max-age=31536000, immutable').send(png);
  });
}
