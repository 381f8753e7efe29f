import fs from 'node:fs';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadBlobs } from '../../db/schema/index';
import { LruCache } from '../../lib/lru-cache';
import { checkedKey, folderKeys, type UploadStorage, type UploadStorageOptions } from './storage';

/**
 * Hot images kept in memory by this instance: avatars (a few KB, on every list and chat) mostly.
 * Bounded by count and by size per image, so at most about 16 MB (decision 101, next to the
 * memory budget of decision 098). Keys are never reused, so a kept image never goes stale.
 */
const HOT_IMAGES = 128;
const HOT_IMAGE_MAX_BYTES = 128 * 1024;

/** The database store: image bytes in `upload_blobs`, shared by every instance (decision 101). */
export function createDatabaseStorage(
  db: Db,
  { quotaBytesPerUser = Number.POSITIVE_INFINITY }: UploadStorageOptions = {},
): UploadStorage {
  const hot = new LruCache<Buffer>(HOT_IMAGES, Number.POSITIVE_INFINITY);
  const removeWith = async (tx: Db, keys: string[]) => {
    if (keys.length === 0) return;
    // Dropped before a commit: a rolled-back deletion only costs a reload from the table.
    for (const key of keys) hot.invalidate(checkedKey(key));
    await tx.delete(uploadBlobs).where(inArray(uploadBlobs.key, keys));
  };
  return {
    quotaBytesPerUser,
    async save(key, data) {
      await db.insert(uploadBlobs).values({ key: checkedKey(key), data });
    },
    async read(key) {
      const kept = hot.get(checkedKey(key));
      if (kept) return kept;
      const [row] = await db.select({ data: uploadBlobs.data }).from(uploadBlobs).where(eq(uploadBlobs.key, key));
      if (!row) return null;
      if (row.data.length <= HOT_IMAGE_MAX_BYTES) hot.set(key, row.data);
      return row.data;
    },
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
 * PostgreSQL) into `upload_blobs`, deleting each file once its bytes are in. Safe to run again
 * and from several instances at once: a key already there is kept as is (its bytes are the same,
 * keys are never reused). Returns how many files were moved.
 */
export async function moveFolderIntoDatabase(dir: string, db: Db): Promise<number> {
  let moved = 0;
  // One at a time: a large folder must not be read into memory at once.
  for (const key of await folderKeys(dir)) {
    const file = path.join(dir, `${key}.webp`);
    let data: Buffer;
    try {
      data = await fs.promises.readFile(file);
    } catch (error) {
      // Another instance moved it first.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    await db.insert(uploadBlobs).values({ key, data }).onConflictDoNothing({ target: uploadBlobs.key });
    await fs.promises.rm(file, { force: true });
    moved++;
  }
  return moved;
}
