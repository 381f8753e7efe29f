import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Exposes the already-opened database; the app owns its lifetime and closes it on shutdown. */
async function databasePlugin(app: FastifyInstance, opts: { database: Database; closeOnShutdown: boolean }) {
  app.decorate('database', opts.database);
  if (opts.closeOnShutdown) {
    app.addHook('onClose', async () => {
      await opts.database.close();
    });
  }
}

export default fp(databasePlugin, { name: 'database' });
