import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/client';

/**
 * Where uploaded images live (docs/decisions/101-images-in-the-database.md): with PostgreSQL,
 * in its `upload_blobs` table, so that every instance serves every image; with the embedded
 * database, in the folder `DATA_DIR/uploads/<key>.webp`. With `DATA_DIR=:memory:` the folder is
 * a temp folder per process (removed at exit), so throw-away instances leave no files behind.
 */
export interface UploadStorage {
  /** Bytes of stored images one owner may hold (UPLOAD_QUOTA_MB_PER_USER); see uploads/service. */
  readonly quotaBytesPerUser: number;
  save(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or null when the image is missing. */
  read(key: string): Promise<Buffer | null>;
  /** Best effort: an image that is already gone is not an error. */
  remove(keys: string[]): Promise<void>;
  /**
   * The database store only: removes the bytes in the caller's transaction, so they go exactly
   * with the rows (a rolled-back deletion keeps them). Absent on the folder store, whose files
   * can only go after the commit (`remove`; what that misses, `sweepOrphanFiles` removes later).
   */
  removeInTransaction?(tx: Db, keys: string[]): Promise<void>;
  /** How many images are stored (tests check that a refused upload leaves none behind). */
  count(): Promise<number>;
}

/** 128 random bits as 32 hex characters: unguessable and safe as a file name. */
export const newUploadKey = () => randomBytes(16).toString('hex');
export const UPLOAD_KEY_PATTERN = /^[0-9a-f]{32}$/;

let memoryDir: string | undefined;
function processTempDir(): string {
  if (!memoryDir) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-uploads-'));
    memoryDir = dir;
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  return memoryDir;
}

/** The uploads folder for a configured data dir (see config.dataDir). */
export function uploadsDirFor(dataDir: string): string {
  return dataDir === ':memory:' ? processTempDir() : path.join(dataDir, 'uploads');
}

export interface UploadStorageOptions {
  /** Without it, no owner limit (tools and tests that only read or write files). */
  quotaBytesPerUser?: number;
}

/** Keys come from newUploadKey; anything else must never reach a file name or a query. */
export function checkedKey(key: string): string {
  if (!UPLOAD_KEY_PATTERN.test(key)) throw new Error(`invalid upload key ${JSON.stringify(key)}`);
  return key;
}

const FILE_PATTERN = /^([0-9a-f]{32})\.webp$/;

/** The keys of the images in an uploads folder; none when the folder does not exist. */
async function folderKeys(dir: string): Promise<string[]> {
  try {
    const names = await fs.promises.readdir(dir);
    return names.flatMap((name) => FILE_PATTERN.exec(name)?.[1] ?? []);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Moves the images of an uploads folder (an instance that used the folder store before) into
 * another store with `put`, deleting each file once `put` is done. Safe to run again and from
 * several instances at once: `put` must accept a key written before (keys are never reused, so
 * its bytes are the same). One file at a time: a large folder is never read into memory at once.
 * Returns how many files were moved.
 */
export async function moveFolderInto(dir: string, put: (key: string, data: Buffer) => Promise<void>): Promise<number> {
  let moved = 0;
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
    await put(key, data);
    await fs.promises.rm(file, { force: true });
    moved++;
  }
  return moved;
}

/** The folder store: one file per image under `uploadsDirFor(dataDir)`. */
export function createFolderStorage(
  dataDir: string,
  { quotaBytesPerUser = Number.POSITIVE_INFINITY }: UploadStorageOptions = {},
): UploadStorage {
  const dir = uploadsDirFor(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const fileOf = (key: string) => path.join(dir, `${checkedKey(key)}.webp`);
  return {
    quotaBytesPerUser,
    async save(key, data) {
      // Write then rename, so a reader never sees half a file.
      const file = fileOf(key);
      const partial = `${file}.${process.pid}.partial`;
      await fs.promises.writeFile(partial, data, { flag: 'wx' });
      await fs.promises.rename(partial, file);
    },
    async read(key) {
      try {
        return await fs.promises.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fs.promises.rm(fileOf(key), { force: true })));
    },
    async count() {
      return (await folderKeys(dir)).length;
    },
  };
}
