import fs from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/index';
import type { S3Storage } from './s3-storage';

/**
 * How old a file without a row must be before it goes. An upload writes its file first and its
 * row in a transaction afterwards (uploads/service.ts), within the request's time limit: a
 * younger file may be one whose row is being inserted right now.
 */
const ORPHAN_MIN_AGE_MS = 60 * 60_000;

const IMAGE_FILE = /^([0-9a-f]{32})\.webp$/;
/** What the folder store's `save` writes before renaming it (storage.ts): left behind by a crash. */
const PARTIAL_FILE = /^[0-9a-f]{32}\.webp\.\d+\.partial$/;
/** Keys asked about per query. */
const BATCH = 500;

/** The keys among `keys` that no `uploads` row names. */
async function keysWithoutRow(db: Db, keys: string[]): Promise<string[]> {
  const orphans: string[] = [];
  for (let i = 0; i < keys.length; i += BATCH) {
    const batch = keys.slice(i, i + BATCH);
    const rows = await db.select({ key: uploads.key }).from(uploads).where(inArray(uploads.key, batch));
    const known = new Set(rows.map((row) => row.key));
    for (const key of batch) if (!known.has(key)) orphans.push(key);
  }
  return orphans;
}

/**
 * The folder store's clean-up (docs/decisions/115-account-deletion-tombstone.md): removes the
 * image files of `dir` that no `uploads` row names, and half-written files, once they are older
 * than `minAgeMs`. A file whose removal failed after its row was deleted (an account deletion, a
 * deleted Shro) goes here at the next start. Returns how many files were removed.
 */
export async function sweepOrphanFiles(
  db: Db,
  dir: string,
  { now = new Date(), minAgeMs = ORPHAN_MIN_AGE_MS }: { now?: Date; minAgeMs?: number } = {},
): Promise<number> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const byKey = new Map<string, string>();
  const candidates: string[] = [];
  for (const name of names) {
    const key = IMAGE_FILE.exec(name)?.[1];
    if (key) byKey.set(key, name);
    else if (PARTIAL_FILE.test(name)) candidates.push(name);
  }
  for (const key of await keysWithoutRow(db, [...byKey.keys()])) candidates.push(byKey.get(key)!);
  const cutoff = now.getTime() - minAgeMs;
  let removed = 0;
  for (const name of candidates) {
    const file = path.join(dir, name);
    try {
      // Age after the row check: a file saved in between is young, and stays.
      if ((await fs.promises.stat(file)).mtimeMs > cutoff) continue;
      await fs.promises.rm(file, { force: true });
      removed++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}

/**
 * The S3 store's clean-up, for the same reason as the folder's: an object whose removal failed
 * after its row was deleted goes at the next start, once it is older than `minAgeMs` (its row may
 * be being inserted right now otherwise). Returns how many objects were removed.
 */
export async function sweepOrphanObjects(
  db: Db,
  storage: S3Storage,
  { now = new Date(), minAgeMs = ORPHAN_MIN_AGE_MS }: { now?: Date; minAgeMs?: number } = {},
): Promise<number> {
  const cutoff = now.getTime() - minAgeMs;
  let removed = 0;
  for await (const page of storage.listed()) {
    const old = page.filter((object) => object.modifiedAt.getTime() <= cutoff).map((object) => object.key);
    const orphans = await keysWithoutRow(db, old);
    await storage.remove(orphans);
    removed += orphans.length;
  }
  return removed;
}
