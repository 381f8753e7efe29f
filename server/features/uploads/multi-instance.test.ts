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
import { uploads } from '../../db/schema/index';
import { reencodeImage } from '../../lib/images';
import { createUser, imageFile, png, postShro, type SignedInUser } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { createTestDatabase, type TestContext } from '../../test/test-app';
import { newUploadKey } from './storage';

/**
 * Issue 12: two instances sharing PostgreSQL serve each other's images
 * (docs/decisions/101-images-in-the-database.md). Each has its own DATA_DIR, so a shared
 * folder cannot be what makes this pass.
 */
const databaseUrl = process.env.DATABASE_URL;
const title = databaseUrl
  ? 'two instances sharing PostgreSQL serve the same images'
  : 'two instances sharing PostgreSQL serve the same images (skipped: set DATABASE_URL to run it)';

let drop: () => Promise<void>;
let database: Database;
let a: FastifyInstance;
let b: FastifyInstance;
const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'shro-instance-')));
const logLines: { msg?: string; moved?: number }[] = [];
/** An avatar stored as a file in B's uploads folder before B had PostgreSQL. */
const legacy: { key: string; data: Buffer } = { key: newUploadKey(), data: Buffer.alloc(0) };
let legacyOwner: SignedInUser;

async function startInstance(dataDir: string, db: Database, ownsDatabase: boolean, logs = false) {
  const base = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
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

beforeAll(async () => {
  if (!databaseUrl) return;
  const created = await createTestDatabase();
  database = created.database;
  drop = created.drop;
  a = await startInstance(dirs[0]!, database, false);

  legacyOwner = await createUser(onA());
  legacy.data = (await reencodeImage(await png(300, 200), { square: 256 })).data;
  fs.mkdirSync(path.join(dirs[1]!, 'uploads'));
  fs.writeFileSync(path.join(dirs[1]!, 'uploads', `${legacy.key}.webp`), legacy.data);
  await database.db.insert(uploads).values({
    key: legacy.key,
    ownerId: legacyOwner.id,
    kind: 'avatar',
    contentType: 'image/webp',
    width: 256,
    height: 256,
    byteSize: legacy.data.length,
  });

  b = await startInstance(dirs[1]!, await openDatabase({ dataDir: ':memory:', databaseUrl: created.url! }), true, true);
});

afterAll(async () => {
  if (databaseUrl) {
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

describe.skipIf(!databaseUrl)(title, () => {
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

  it('B moved the files of its old uploads folder into the database at start, and logged how many', async () => {
    const url = `/api/uploads/${legacy.key}`;
    const fromA = await image(a, url);
    expect(fromA.statusCode).toBe(200);
    expect(fromA.rawPayload.equals(legacy.data)).toBe(true);
    expect(logLines).toContainEqual(
      expect.objectContaining({ msg: 'moved uploaded images from the uploads folder into the database', moved: 1 }),
    );
  });

  it('neither instance keeps image files in its own folder', () => {
    for (const dir of dirs) expect(imageFilesIn(dir)).toEqual([]);
  });
});
