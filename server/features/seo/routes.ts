import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shroIdParamsSchema } from '../../../contract/ids';
import { shroPreviewQuerySchema } from '../../../contract/shro-preview';
import { matchesEtag } from '../../lib/etag';
import { findShroPreviewImage } from './preview-image';

/**
 * Shared caches and browsers keep an image five minutes, then revalidate it with its ETag: the
 * state (opened count, "closes in …", a Shro made private or hidden) shows within minutes.
 */
const PREVIEW_CACHE_CONTROL = 'public, max-age=300';

/** The preview image of link and public Shros (docs/decisions/125-shro-preview-image.md). */
export async function seoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const storage = app.uploadStorage;

  app.get(
    '/api/sessions/:id/preview.png',
    {
      // Public and the same for everyone (crawlers of link previews sign in to nothing); a cold
      // render costs CPU, so callers count against the per-IP read budget.
      preValidation: app.limitReads,
      schema: {
        summary: 'Returns the preview image of a Shro link.',
        description:
          "The 1200 × 630 PNG link previews show for a link or public Shro: title, creator and state, never box content, in the language `lang` names (English without it; a page's `og:image` names its own). 404 for any other Shro; 304 with If-None-Match.",
        params: shroIdParamsSchema,
        querystring: shroPreviewQuerySchema,
      },
    },
    async (request, reply) => {
      // Visibility first: a 304 is never an answer for a Shro that has no preview.
      // The address alone names the language, never the caller's cookie or browser: shared caches
      // keep images by URL (docs/decisions/168-language-addresses.md).
      const preview = await findShroPreviewImage(db, storage, request.params.id, request.query.lang);
      const etag = `"${preview.version}"`;
      reply.header('etag', etag).header('cache-control', PREVIEW_CACHE_CONTROL);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
      const png = await preview.png();
      return reply.type('image/png').header('content-disposition', 'inline').send(png);
    },
  );
}
