import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadBlobs } from '../../db/schema/index';
import { hotImages } from './hot-images';
import { checkedKey, moveFolderInto, type UploadStorage, type UploadStorageOptions } from './storage';

/** The database store: image bytes in `upload_blobs`, shared by every instance (decision 101). */
export function createDatabaseStorage(
  db: Db,
  { quotaBytesPerUser = Number.POSITIVE_INFINITY }: UploadStorageOptions = {},
): UploadStorage {
  const hot = hotImages();
  const removeWith = async (tx: Db, keys: string[]) => {
    if (keys.length === 0) return;
    hot.forget(keys);
    await tx.delete(uploadBlobs).where(inArray(uploadBlobs.key, keys));
  };
  return {
    quotaBytesPerUser,
    async save(key, data) {
      await db.insert(uploadBlobs).values({ key: checkedKey(key), data });
    },
    read: (key) =>
      hot.read(key, async () => {
        const [row] = await db.select({ data: uploadBlobs.data }).from(uploadBlobs).where(eq(uploadBlobs.key, key));
        return row?.data ?? null;
      }),
    remove: (keys) => removeWith(db, keys),
    removeInTransaction: removeWith,
    async count() {
      const [row] = await db.select({ total: count() }).from(uploadBlobs);
      return row?.total ?? 0;
    },
  };
}

/**
 * Moves the images of an uploads folder (an instance that used the folder store before it had
 * PostgreSQL) into `upload_blobs`. A key already there is kept as is (its bytes are the same,
 * keys are never reused). Returns how many files were moved.
 */
export const moveFolderIntoDatabase = (dir: string, db: Db): Promise<number> =>
  moveFolderInto(dir, async (key, data) => {
    await db.insert(uploadBlobs).values({ key, data }).onConflictDoNothing({ target: uploadBlobs.key });
  });
