import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uploadKeyParamsSchema } from '../../../contract/ids';
import { matchesEtag } from '../../lib/etag';
import { findUploadFor, readUploadFile } from './service';
import type { UploadStorage } from './storage';

export interface UploadRoutesOptions {
  storage: UploadStorage;
}

/** GET /api/uploads/:key — stored images, only for those allowed to see them. */
export async function uploadRoutes(fastify: FastifyInstance, { storage }: UploadRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  const image = {
    onRequest: app.loadUser,
    schema: {
      summary: 'Returns a stored image.',
      description: 'The image bytes, for those who may see it (304 with If-None-Match).',
      params: uploadKeyParamsSchema,
    },
  };
  app.get('/api/uploads/:key', image, async (request, reply) => {
    // Who may see the image is decided first: a 304 is never an answer to someone who gets 404.
    const upload = await findUploadFor(db, request.params.key, request.user?.id ?? null);
    // Keys are never reused, so the bytes behind one never change: the key is a strong tag.
    const etag = `"${upload.key}"`;
    reply
      .header('etag', etag)
      // `private` keeps shared caches from handing a hidden box's image to someone else.
      .header('cache-control', 'private, max-age=31536000, immutable');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    const data = await readUploadFile(storage, upload);
    return reply
      .type(upload.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .send(data);
  });
}
