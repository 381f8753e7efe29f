import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  posterParamsSchema,
  titleSearchParamsSchema,
  titleSearchQuerySchema,
  titleSearchResponseSchema,
} from '../../../contract/catalog';
import { renderPoster, searchTitles } from './service';

export type CatalogRoutesOptions = {
  tmdbApiKey?: string;
  tmdbBaseUrl: string;
  /** Hooks of the search route only (e.g. `requireUser` and the read budget); posters stay public and cacheable. */
  searchHooks?: Pick<RouteShorthandOptions, 'onRequest' | 'preValidation'>;
};

/** Movie/TV search (docs/product.md §7, TMDB proxy or offline catalogue) and the offline placeholder posters. */
export async function catalogRoutes(fastify: FastifyInstance, opts: CatalogRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/tmdb/search/:kind',
    {
      ...opts.searchHooks,
      schema: {
        summary: 'Searches movie or TV titles.',
        params: titleSearchParamsSchema,
        querystring: titleSearchQuerySchema,
        response: { 200: titleSearchResponseSchema },
      },
    },
    async (request) => {
      const results = await searchTitles(request.params.kind, request.query.query, {
        apiKey: opts.tmdbApiKey,
        baseUrl: opts.tmdbBaseUrl,
        onFallback: (error) =>
          request.log.warn({ err: error }, 'TMDB search failed; answered from the offline catalogue'),
      });
      return { results };
    },
  );

  app.get(
    '/api/catalog/posters/:kind/:file',
    {
      schema: {
        summary: 'Returns a placeholder poster of the offline catalogue.',
        description: 'A placeholder poster (image/png) of the offline catalogue.',
        params: posterParamsSchema,
      },
    },
    async (request, reply) => {
      const { kind, file } = request.params;
      const png = await renderPoster(kind, Number.parseInt(file, 10));
      // A poster never changes for a given id, so browsers and CDNs may keep it for good.
      return reply.type('image/png').header('cache-control', 'public, max-age=31536000, immutable').send(png);
    },
  );
}
