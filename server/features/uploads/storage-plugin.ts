import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { createDatabaseStorage, moveFolderIntoDatabase } from './database-storage';
import { sweepOrphanFiles } from './orphan-sweep';
import { createFolderStorage, type UploadStorage, type UploadStorageOptions, uploadsDirFor } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every uploaded image is saved and read from: one store per app, used by every route. */
    uploadStorage: UploadStorage;
  }
}

/**
 * The database store whenever the database is PostgreSQL (DATABASE_URL), so that instances
 * sharing it serve each other's images; the folder under DATA_DIR with the embedded database
 * (docs/decisions/101-images-in-the-database.md).
 */
function createUploadStorage(database: Database, dataDir: string, options: UploadStorageOptions): UploadStorage {
  return database.kind === 'postgres'
    ? createDatabaseStorage(database.db, options)
    : createFolderStorage(dataDir, options);
}

async function uploadStoragePlugin(app: FastifyInstance) {
  const { dataDir, uploadQuotaBytesPerUser } = app.config;
  const storage = createUploadStorage(app.database, dataDir, { quotaBytesPerUser: uploadQuotaBytesPerUser });
  // An instance that kept its images in DATA_DIR/uploads before it had PostgreSQL: they move into
  // the database before the first request, so none of them goes missing. A throw-away data dir
  // (:memory:) has nothing to move.
  if (app.database.kind === 'postgres' && dataDir !== ':memory:') {
    const moved = await moveFolderIntoDatabase(uploadsDirFor(dataDir), app.database.db);
    if (moved > 0) app.log.info({ moved }, 'moved uploaded images from the uploads folder into the database');
  }
  app.decorate('uploadStorage', storage);
  // The folder store removes files after their rows' commit, which can fail (a deleted account's
  // images, decision 115): at each start, files no row names any more go, in the background.
  if (app.database.kind !== 'postgres' && dataDir !== ':memory:') {
    let sweeping: Promise<void> | undefined;
    app.addHook('onReady', async () => {
      sweeping = sweepOrphanFiles(app.database.db, uploadsDirFor(dataDir))
        .then((removed) => {
          if (removed > 0) app.log.info({ removed }, 'removed image files that no upload row names');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'sweeping orphan image files failed'));
    });
    // Before the database closes.
    app.addHook('preClose', async () => {
      await sweeping;
    });
  }
}

export default fp(uploadStoragePlugin, { name: 'upload-storage', dependencies: ['database'] });
