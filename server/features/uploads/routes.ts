import type { FastifyInstance } from 'fastify';
import { readUploadFor } from './service';
import type { UploadStorage } from './storage';

export interface UploadRoutesOptions {
  storage: UploadStorage;
}

/** GET /api/uploads/:key — stored images, only for those allowed to see them. */
export async function uploadRoutes(app: FastifyInstance, { storage }: UploadRoutesOptions) {
  const { db } = app.database;

  app.get<{ Params: { key: string } }>('/api/uploads/:key', { preHandler: app.loadUser }, async (request, reply) => {
    const { data, contentType } = await readUploadFor(db, storage, request.params.key, request.user?.id ?? null);
    return (
      reply
        .type(contentType)
        // Keys are never reused, so the bytes behind one never change; `private` keeps shared
        // caches from handing a hidden box's image to someone else.
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .send(data)
    );
  });
}
