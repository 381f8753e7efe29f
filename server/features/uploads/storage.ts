import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where uploaded images live: `DATA_DIR/uploads/<key>.webp`. With `DATA_DIR=:memory:` a temp
 * folder per process (removed at exit) keeps throw-away instances from leaving files behind.
 * Several instances must share `DATA_DIR` (one volume) to serve each other's uploads.
 */
export interface UploadStorage {
  readonly dir: string;
  /** Bytes of stored images one owner may hold (UPLOAD_QUOTA_MB_PER_USER); see uploads/service. */
  readonly quotaBytesPerUser: number;
  save(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or null when the file is missing. */
  read(key: string): Promise<Buffer | null>;
  /** Best effort: a file that is already gone is not an error. */
  remove(keys: string[]): Promise<void>;
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

export function createUploadStorage(
  dataDir: string,
  { quotaBytesPerUser = Number.POSITIVE_INFINITY }: UploadStorageOptions = {},
): UploadStorage {
  const dir = uploadsDirFor(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const fileOf = (key: string) => {
    // Keys come from newUploadKey; anything else must never reach the file system.
    if (!UPLOAD_KEY_PATTERN.test(key)) throw new Error(`invalid upload key ${JSON.stringify(key)}`);
    return path.join(dir, `${key}.webp`);
  };
  return {
    dir,
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
  };
}
