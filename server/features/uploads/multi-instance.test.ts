import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shro } from '../../../contract/shro-views';
import { buildApp } from '../../app';
import { type AppConfig, loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { uploadBlobs, uploads } from '../../db/schema/index';
import { reencodeImage } from '../../lib/images';
import { createUser, imageFile, png, postShro, type SignedInUser } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { type S3Service, startS3Service } from '../../test/s3-service';
import { createTestDatabase, type TestContext } from '../../test/test-app';
import { newUploadKey } from './storage';

/**
 * Issue 12: two instances serve each other's images, each with its own DATA_DIR, so a shared
 * folder cannot be what makes this pass. Two setups:
 * - sharing PostgreSQL, images in its `upload_blobs` (decision 101; needs DATABASE_URL);
 * - sharing one S3 bucket (decision 138; a real S3-compatible service, s3rver), on this run's
 *   database: PGlite shared in-process, or PostgreSQL with DATABASE_URL.
 */
const databaseUrl = process.env.DATABASE_URL;

interface Setup {
  title: string;
  skip: boolean;
  /** Where B's images were kept before: they must have moved by the time B answers. */
  legacyFrom: ('uploads folder' | 'database')[];
  /** The S3 service, for the S3 setup. */
  s3?: () => S3Service;
}

function twoInstances(setup: Setup) {
  let drop: () => Promise<void>;
  let database: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'shro-instance-')));
  const logLines: { msg?: string; moved?: number }[] = [];
  /** Images B's earlier setup kept: a file in its uploads folder, and (S3 on PostgreSQL) a blob row. */
  const legacy = new Map<string, { key: string; data: Buffer }>();
  const s3Env = () => (setup.s3 ? setup.s3().env : {});

  async function startInstance(dataDir: string, db: Database, ownsDatabase: boolean, logs = false) {
    const base = loadConfig({ ...process.env, ...s3Env(), DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
    const config: AppConfig = {
      ...base,
      webDist: '/nonexistent',
      logLevel: logs ? 'info' : 'silent',
      redisPrefix: `shro-test-${randomUUID().slice(0, 8)}`,
    };
    const logStream = { write: (line: string) => void logLines.push(JSON.parse(line)) };
    const app = await buildApp({ config, database: db, closeDatabase: ownsDatabase, ...(logs ? { logStream } : {}) });
    await app.ready();
    return app;
  }

  /** An avatar B's earlier setup stored: its row is in the database, its bytes where `from` says. */
  async function storeLegacyAvatar(from: Setup['legacyFrom'][number], owner: SignedInUser) {
    const key = newUploadKey();
    const data = (await reencodeImage(await png(300, 200), { square: 256 })).data;
    if (from === 'uploads folder') {
      fs.mkdirSync(path.join(dirs[1]!, 'uploads'), { recursive: true });
      fs.writeFileSync(path.join(dirs[1]!, 'uploads', `${key}.webp`), data);
    } else {
      await database.db.insert(uploadBlobs).values({ key, data });
    }
    await database.db.insert(uploads).values({
      key,
      ownerId: owner.id,
      kind: 'avatar',
      contentType: 'image/webp',
      width: 256,
      height: 256,
      byteSize: data.length,
    });
    legacy.set(from, { key, data });
  }

  beforeAll(async () => {
    if (setup.skip) return;
    const created = await createTestDatabase();
    database = created.database;
    drop = created.drop;
    a = await startInstance(dirs[0]!, database, false);
    const owner = await createUser(onA());
    for (const from of setup.legacyFrom) await storeLegacyAvatar(from, owner);
    // B opens its own connection to PostgreSQL; PGlite lives in this process, so B shares it.
    const databaseOfB = created.url ? await openDatabase({ dataDir: ':memory:', databaseUrl: created.url }) : database;
    b = await startInstance(dirs[1]!, databaseOfB, created.url !== undefined, true);
  });

  afterAll(async () => {
    if (!setup.skip) {
      await a.close();
      await b.close();
      await drop();
    }
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The factories take a test context; instance A plays it. */
  const onA = (): TestContext => ({ app: a, database, close: async () => {} });
  const image = (on: FastifyInstance, url: string, who?: SignedInUser) =>
    on.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const imageFilesIn = (dir: string) =>
    fs.existsSync(path.join(dir, 'uploads'))
      ? fs.readdirSync(path.join(dir, 'uploads')).filter((name) => name.endsWith('.webp'))
      : [];

  describe.skipIf(setup.skip)(setup.title, () => {
    it('a profile picture uploaded through A is served by B, byte for byte', async () => {
      const me = await createUser(onA());
      const form = await multipart({}, [
        { field: 'profileImage', data: await png(320, 200), filename: 'me.png', type: 'image/png' },
      ]);
      const patched = await a.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { ...form.headers, cookie: me.cookie },
        payload: form.payload,
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const url: string = patched.json().profileImageUrl;

      const fromB = await image(b, url);
      expect(fromB.statusCode).toBe(200);
      expect(fromB.headers['content-type']).toBe('image/webp');
      expect(fromB.rawPayload.equals((await image(a, url)).rawPayload)).toBe(true);
      expect(fromB.rawPayload.length).toBeGreaterThan(0);
    });

    it('box images created through A reach their creator through B; deleting through B removes them for A', async () => {
      const creator = await createUser(onA());
      const created = await postShro(onA(), creator.cookie, { title: 'Pics', type: 'image', isPublic: 'true' }, [
        imageFile(await png(80, 60)),
        imageFile(await png(60, 80, { r: 10, g: 200, b: 30 })),
      ]);
      expect(created.statusCode, created.body).toBe(201);
      const shro: Shro = created.json();
      const urls = shro.boxes.slice(0, 2).map((box) => box.imageUrl!);
      for (const url of urls) {
        const fromB = await image(b, url, creator);
        expect(fromB.statusCode).toBe(200);
        expect(fromB.rawPayload.length).toBeGreaterThan(0);
        // Private as on one instance: a visitor gets 404 from B too.
        expect((await image(b, url)).statusCode).toBe(404);
      }

      const deleted = await b.inject({
        method: 'DELETE',
        url: `/api/sessions/${shro.id}`,
        headers: { cookie: creator.cookie },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      for (const url of urls) {
        expect((await image(a, url, creator)).statusCode).toBe(404);
        expect(await a.uploadStorage.read(url.split('/').pop()!)).toBeNull();
      }
    });

    it('B moved the images its earlier setup kept before its first request, and logged how many', async () => {
      const into = setup.s3 ? 'S3' : 'the database';
      for (const [from, { key, data }] of legacy) {
        const fromA = await image(a, `/api/uploads/${key}`);
        expect(fromA.statusCode).toBe(200);
        expect(fromA.rawPayload.equals(data)).toBe(true);
        expect(logLines).toContainEqual(
          expect.objectContaining({ msg: `moved uploaded images from the ${from} into ${into}`, moved: 1 }),
        );
      }
      if (setup.s3) expect(await database.db.select().from(uploadBlobs)).toEqual([]);
    });

    it('neither instance keeps image files in its own folder', () => {
      for (const dir of dirs) expect(imageFilesIn(dir)).toEqual([]);
    });

    it.runIf(setup.s3)('the bucket holds exactly the images that have an upload row, under its prefix', async () => {
      const rows = await database.db.select({ key: uploads.key }).from(uploads);
      expect(await setup.s3!().objectNames()).toEqual(rows.map((row) => `uploads/${row.key}.webp`).sort());
    });
  });
}

twoInstances({
  title: databaseUrl
    ? 'two instances sharing PostgreSQL serve the same images'
    : 'two instances sharing PostgreSQL serve the same images (skipped: set DATABASE_URL to run it)',
  skip: !databaseUrl,
  legacyFrom: ['uploads folder'],
});

let s3: S3Service;
beforeAll(async () => {
  s3 = await startS3Service();
});
afterAll(() => s3.close());
twoInstances({
  title: `two instances sharing one S3 bucket serve the same images (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
  skip: false,
  legacyFrom: databaseUrl ? ['uploads folder', 'database'] : ['uploads folder'],
  s3: () => s3,
});
