import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/test-app';
import { createDatabaseStorage, moveFolderIntoDatabase } from './database-storage';
import { newUploadKey } from './storage';

/**
 * The database store (decision 101) on this run's database: PGlite here, PostgreSQL with
 * DATABASE_URL. The app picks it only on PostgreSQL; the store itself works on both.
 */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

/** Bytes that a text column would mangle: every byte value, NULs included. */
const binary = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7) % 256));

describe('the database store', () => {
  it('saves, reads, counts and removes by 128-bit key, byte for byte', async () => {
    const storage = createDatabaseStorage(database.db);
    const small = newUploadKey();
    const large = newUploadKey();
    await storage.save(small, binary(1000));
    // Above what the instance keeps in memory: always read from the table.
    await storage.save(large, binary(300 * 1024));
    expect(await storage.count()).toBe(2);
    expect((await storage.read(small))!.equals(binary(1000))).toBe(true);
    expect((await storage.read(small))!.equals(binary(1000))).toBe(true);
    expect((await storage.read(large))!.equals(binary(300 * 1024))).toBe(true);
    expect(await storage.read(newUploadKey())).toBeNull();

    await storage.remove([small, small, large]);
    // Removed from memory too, not only from the table.
    expect(await storage.read(small)).toBeNull();
    expect(await storage.read(large)).toBeNull();
    expect(await storage.count()).toBe(0);
    await storage.remove([]);
  });

  it('another store on the same database (another instance) reads what this one saved', async () => {
    const key = newUploadKey();
    await createDatabaseStorage(database.db).save(key, binary(64));
    expect((await createDatabaseStorage(database.db).read(key))!.equals(binary(64))).toBe(true);
    await createDatabaseStorage(database.db).remove([key]);
  });

  it('refuses anything that is not a key', async () => {
    const storage = createDatabaseStorage(database.db);
    await expect(storage.read("x' or '1'='1")).rejects.toThrow(/invalid upload key/);
    await expect(storage.save('ABC', Buffer.from('x'))).rejects.toThrow(/invalid upload key/);
    await expect(storage.remove(['../etc'])).rejects.toThrow(/invalid upload key/);
  });
});

describe('moving an uploads folder into the database', () => {
  it('copies every image file, deletes it, leaves other files alone, and does nothing the second time', async () => {
    const storage = createDatabaseStorage(database.db);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-move-test-'));
    try {
      const keys = [newUploadKey(), newUploadKey(), newUploadKey()];
      for (const [i, key] of keys.entries()) fs.writeFileSync(path.join(dir, `${key}.webp`), binary(500 + i));
      // A key already moved by another instance that started at the same time: kept as it is.
      await storage.save(keys[0]!, binary(500));
      const others = [`${newUploadKey()}.webp.123.partial`, 'notes.txt'];
      for (const name of others) fs.writeFileSync(path.join(dir, name), 'x');
      const before = await storage.count();

      expect(await moveFolderIntoDatabase(dir, database.db)).toBe(3);
      for (const [i, key] of keys.entries()) expect((await storage.read(key))!.equals(binary(500 + i))).toBe(true);
      expect(await storage.count()).toBe(before + 2);
      expect(fs.readdirSync(dir).sort()).toEqual([...others].sort());

      expect(await moveFolderIntoDatabase(dir, database.db)).toBe(0);
      expect(await storage.count()).toBe(before + 2);
      await storage.remove(keys);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a data dir without an uploads folder moves nothing', async () => {
    expect(await moveFolderIntoDatabase(path.join(os.tmpdir(), `shro-none-${newUploadKey()}`), database.db)).toBe(0);
  });
});
