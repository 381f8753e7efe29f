import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { uploadBlobs } from '../../db/schema/index';
import { HttpError } from '../../lib/http-errors';
import { createUser, insertAvatarRow } from '../../test/factories';
import { type S3Service, startS3Service } from '../../test/s3-service';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createDatabaseStorage } from './database-storage';
import { sweepOrphanObjects } from './orphan-sweep';
import { createS3Storage, moveDatabaseIntoS3, type S3Storage } from './s3-storage';
import { moveFolderInto, newUploadKey } from './storage';

/**
 * The S3 store (decision 138) against a real S3-compatible service over HTTP (s3rver), through
 * the AWS SDK: what it writes is read back by a client of its own, not by the store.
 */
let s3: S3Service;
let ctx: TestContext;
const stores: S3Storage[] = [];
const store = async (settings = s3.settings) => {
  const created = await createS3Storage(settings);
  stores.push(created);
  return created;
};
beforeAll(async () => {
  s3 = await startS3Service();
  ctx = await createTestApp();
});
afterAll(async () => {
  for (const created of stores) created.close();
  await ctx.close();
  await s3.close();
});

/** Bytes that a text body would mangle: every byte value, NULs included. */
const binary = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7) % 256));
const objectName = (key: string) => `uploads/${key}.webp`;

describe('the S3 store', () => {
  it('saves, reads, counts and removes by 128-bit key, byte for byte, as <prefix><key>.webp', async () => {
    const storage = await store();
    const small = newUploadKey();
    const large = newUploadKey();
    const before = await storage.count();
    await storage.save(small, binary(1000));
    // Above what the instance keeps in memory: always read from the bucket.
    await storage.save(large, binary(300 * 1024));
    expect(await s3.objectNames()).toEqual(expect.arrayContaining([objectName(small), objectName(large)]));
    expect(await storage.count()).toBe(before + 2);
    expect((await storage.read(small))!.equals(binary(1000))).toBe(true);
    expect((await storage.read(large))!.equals(binary(300 * 1024))).toBe(true);
    expect(await storage.read(newUploadKey())).toBeNull();

    // Twice, and with a key that was never there: S3 deletes are idempotent.
    await storage.remove([small, small, large, newUploadKey()]);
    expect(await storage.read(small)).toBeNull();
    expect(await storage.read(large)).toBeNull();
    expect(await s3.objectNames()).not.toEqual(expect.arrayContaining([objectName(small)]));
    expect(await storage.count()).toBe(before);
    await storage.remove([]);
  });

  it('another store on the same bucket (another instance) reads what this one saved', async () => {
    const key = newUploadKey();
    await (await store()).save(key, binary(64));
    expect((await (await store()).read(key))!.equals(binary(64))).toBe(true);
    await (await store()).remove([key]);
    expect(await (await store()).read(key)).toBeNull();
  });

  it('keeps to its prefix: objects of others in the bucket are neither counted, listed nor read', async () => {
    const other = await store({ ...s3.settings, prefix: 'elsewhere/' });
    const mine = await store({ ...s3.settings, prefix: 'mine/' });
    const key = newUploadKey();
    await other.save(key, binary(10));
    expect(await mine.count()).toBe(0);
    expect(await mine.read(key)).toBeNull();
    await other.remove([key]);
  });

  it('refuses anything that is not a key', async () => {
    const storage = await store();
    await expect(storage.read("x' or '1'='1")).rejects.toThrow(/invalid upload key/);
    await expect(storage.save('ABC', Buffer.from('x'))).rejects.toThrow(/invalid upload key/);
    await expect(storage.remove(['../etc'])).rejects.toThrow(/invalid upload key/);
  });

  it('a service that is down or refuses the credentials is a 503 "try again", never a missing image', async () => {
    const down = await store({ ...s3.settings, endpoint: 'http://127.0.0.1:9' });
    const refused = await store({ ...s3.settings, credentials: { accessKeyId: 'WRONG', secretAccessKey: 'WRONG' } });
    for (const storage of [down, refused]) {
      for (const attempt of [
        () => storage.read(newUploadKey()),
        () => storage.save(newUploadKey(), binary(10)),
        () => storage.remove([newUploadKey()]),
        () => storage.count(),
      ]) {
        const error = await attempt().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(HttpError);
        expect(error).toMatchObject({ statusCode: 503, message: 'Service temporarily unavailable' });
      }
    }
  });
});

describe('GET /api/uploads/:key with S3 down', () => {
  it('answers 503 with {message} and Retry-After (not 404 or 500) where an instance that reaches S3 serves the image', async () => {
    const down = await createTestApp({ s3: { ...s3.settings, endpoint: 'http://127.0.0.1:9' } });
    const up = await createTestApp({ s3: s3.settings });
    try {
      const user = await createUser(down);
      const key = newUploadKey();
      await (await store()).save(key, binary(30));
      await insertAvatarRow(down, user.id, key, 30);
      const answer = await down.app.inject({ method: 'GET', url: `/api/uploads/${key}` });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ message: 'Service temporarily unavailable', code: expect.any(String) });
      expect(answer.headers['retry-after']).toBe('5');

      await insertAvatarRow(up, (await createUser(up)).id, key, 30);
      const served = await up.app.inject({ method: 'GET', url: `/api/uploads/${key}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(binary(30))).toBe(true);
    } finally {
      await down.close();
      await up.close();
    }
  });
});

describe('moving images into S3', () => {
  it('moves every file of an uploads folder, deleting each, and nothing the second time', async () => {
    const storage = await store();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-move-s3-'));
    try {
      const keys = [newUploadKey(), newUploadKey()];
      for (const [i, key] of keys.entries()) fs.writeFileSync(path.join(dir, `${key}.webp`), binary(700 + i));
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'x');
      const put = (key: string, data: Buffer) => storage.save(key, data);
      expect(await moveFolderInto(dir, put)).toBe(2);
      for (const [i, key] of keys.entries()) expect((await storage.read(key))!.equals(binary(700 + i))).toBe(true);
      expect(fs.readdirSync(dir)).toEqual(['notes.txt']);
      expect(await moveFolderInto(dir, put)).toBe(0);
      await storage.remove(keys);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('moves every image of the database store in batches, deleting each row, and nothing the second time', async () => {
    const storage = await store();
    const database = createDatabaseStorage(ctx.database.db);
    const keys = Array.from({ length: 45 }, () => newUploadKey());
    for (const [i, key] of keys.entries()) await database.save(key, binary(100 + i));

    expect(await moveDatabaseIntoS3(ctx.database.db, storage)).toBe(45);
    expect(await ctx.database.db.select().from(uploadBlobs)).toEqual([]);
    for (const [i, key] of keys.entries()) expect((await storage.read(key))!.equals(binary(100 + i))).toBe(true);
    expect(await moveDatabaseIntoS3(ctx.database.db, storage)).toBe(0);
    await storage.remove(keys);
  });
});

describe('the orphan sweep on S3', () => {
  it('removes objects no upload row names once they are an hour old, and keeps every other', async () => {
    const storage = await store({ ...s3.settings, prefix: 'sweep/' });
    const user = await createUser(ctx);
    const [known, orphan] = [newUploadKey(), newUploadKey()];
    for (const key of [known, orphan]) await storage.save(key, binary(20));
    await insertAvatarRow(ctx, user.id, known, 20);

    // Both were just written: an orphan this young may be an upload whose row is on its way.
    expect(await sweepOrphanObjects(ctx.database.db, storage)).toBe(0);
    expect(await storage.count()).toBe(2);

    const inTwoHours = new Date(Date.now() + 2 * 60 * 60_000);
    expect(await sweepOrphanObjects(ctx.database.db, storage, { now: inTwoHours })).toBe(1);
    expect(await storage.read(orphan)).toBeNull();
    expect((await storage.read(known))!.equals(binary(20))).toBe(true);
  });
});

describe('S3 settings', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: ':memory:', ...env }).s3;

  it('are off without S3_BUCKET, and AWS-style with only a bucket', () => {
    expect(load({})).toBeUndefined();
    expect(load({ S3_BUCKET: 'pics' })).toEqual({
      bucket: 'pics',
      region: 'us-east-1',
      forcePathStyle: false,
      prefix: 'uploads/',
    });
  });

  it('with an endpoint: path-style addressing unless told otherwise, and the prefix always ends in /', () => {
    expect(
      load({
        S3_BUCKET: 'pics',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-west-1',
        S3_PREFIX: '/shro/images',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual({
      bucket: 'pics',
      region: 'eu-west-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      prefix: 'shro/images/',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(load({ S3_BUCKET: 'pics', S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({
      forcePathStyle: false,
    });
    expect(load({ S3_BUCKET: 'pics', S3_PREFIX: '' })).toMatchObject({ prefix: '' });
  });

  it('a half-given setup refuses to start, saying what is missing', () => {
    expect(() => load({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      'S3_BUCKET must be set to store images in S3 (S3_ENDPOINT given)',
    );
    expect(() => load({ S3_BUCKET: 'pics', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY go together/);
    expect(() => load({ S3_BUCKET: 'pics', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http/);
  });
});
