import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDatabaseStorage, moveFolderIntoDatabase } from './database-storage';
import { sweepOrphanFiles, sweepOrphanObjects } from './orphan-sweep';
import { createS3Storage, moveDatabaseIntoS3 } from './s3-storage';
import { createFolderStorage, moveFolderInto, type UploadStorage, uploadsDirFor } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every uploaded image is saved and read from: one store per app, used by every route. */
    uploadStorage: UploadStorage;
  }
}

/**
 * Where images live: S3 when S3_BUCKET is set (decision 138); otherwise the database whenever it
 * is PostgreSQL (DATABASE_URL), so that instances sharing it serve each other's images; the
 * folder under DATA_DIR with the embedded database (decision 101).
 *
 * Images kept by an earlier setup move at start, before the first request, so none goes missing:
 * files of DATA_DIR/uploads into the database or S3, and the database's into S3. Start-up waits
 * for it; the counts are logged. A throw-away data dir (:memory:) has no folder to move.
 */
async function uploadStoragePlugin(app: FastifyInstance) {
  const { dataDir, uploadQuotaBytesPerUser, s3 } = app.config;
  const { database } = app;
  const options = { quotaBytesPerUser: uploadQuotaBytesPerUser };
  const folder = dataDir === ':memory:' ? undefined : uploadsDirFor(dataDir);
  const moved = (from: string, to: string, count: number) => {
    if (count > 0) app.log.info({ moved: count }, `moved uploaded images from the ${from} into ${to}`);
  };
  // Removals that fail after their rows' commit leave images no row names: at each start, those
  // older than an hour go, in the background (decision 115).
  let sweep: (() => Promise<number>) | undefined;

  let storage: UploadStorage;
  if (s3) {
    const s3Storage = await createS3Storage(s3, options);
    app.addHook('onClose', async () => s3Storage.close());
    if (folder) moved('uploads folder', 'S3', await moveFolderInto(folder, (key, data) => s3Storage.save(key, data)));
    if (database.kind === 'postgres') moved('database', 'S3', await moveDatabaseIntoS3(database.db, s3Storage));
    sweep = () => sweepOrphanObjects(database.db, s3Storage);
    storage = s3Storage;
  } else if (database.kind === 'postgres') {
    storage = createDatabaseStorage(database.db, options);
    if (folder) moved('uploads folder', 'the database', await moveFolderIntoDatabase(folder, database.db));
  } else {
    storage = createFolderStorage(dataDir, options);
    if (folder) sweep = () => sweepOrphanFiles(database.db, folder);
  }
  app.decorate('uploadStorage', storage);

  if (sweep) {
    const run = sweep;
    let sweeping: Promise<void> | undefined;
    app.addHook('onReady', async () => {
      sweeping = run()
        .then((removed) => {
          if (removed > 0) app.log.info({ removed }, 'removed stored images that no upload row names');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'sweeping orphan images failed'));
    });
    // Before the database closes.
    app.addHook('preClose', async () => {
      await sweeping;
    });
  }
}

export default fp(uploadStoragePlugin, { name: 'upload-storage', dependencies: ['database'] });
