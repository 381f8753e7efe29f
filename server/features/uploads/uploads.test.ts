import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shroBoxes, shros, uploads } from '../../db/schema/index';
import { reencodeImage } from '../../lib/images';
import { createUser, insertAvatarRow, png } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { sweepOrphanFiles } from './orphan-sweep';
import { storeImages } from './service';
import { createFolderStorage, newUploadKey, uploadsDirFor } from './storage';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('upload storage', () => {
  it('keeps files under DATA_DIR/uploads, or a per-process temp folder for :memory:', () => {
    expect(uploadsDirFor('/srv/shro-data')).toBe(path.join('/srv/shro-data', 'uploads'));
    const temp = uploadsDirFor(':memory:');
    expect(temp.startsWith(os.tmpdir())).toBe(true);
    expect(uploadsDirFor(':memory:')).toBe(temp);
  });

  it('the folder store saves, reads, counts and removes by 128-bit key, and refuses anything that is not a key', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-storage-test-'));
    try {
      const storage = createFolderStorage(dir);
      const key = newUploadKey();
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      await storage.save(key, Buffer.from('bytes'));
      expect(fs.existsSync(path.join(dir, 'uploads', `${key}.webp`))).toBe(true);
      expect((await storage.read(key))!.toString()).toBe('bytes');
      expect(await storage.count()).toBe(1);
      await storage.remove([key, key]);
      expect(await storage.read(key)).toBeNull();
      expect(await storage.count()).toBe(0);
      await expect(storage.read('../../etc/passwd')).rejects.toThrow(/invalid upload key/);
      await expect(storage.save('ABC', Buffer.from('x'))).rejects.toThrow(/invalid upload key/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the start-up sweep of the folder store', () => {
  it('removes files no upload row names once an hour old, and half-written ones; keeps young files and known ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-sweep-test-'));
    try {
      const owner = await createUser(ctx, { signedIn: false });
      const [known, orphan, young] = [newUploadKey(), newUploadKey(), newUploadKey()];
      await ctx.database.db.insert(uploads).values({
        key: known,
        ownerId: owner.id,
        kind: 'box',
        contentType: 'image/webp',
        width: 1,
        height: 1,
        byteSize: 5,
      });
      const file = (name: string) => path.join(dir, name);
      for (const name of [
        `${known}.webp`,
        `${orphan}.webp`,
        `${young}.webp`,
        `${orphan}.webp.123.partial`,
        'notes.txt',
      ])
        fs.writeFileSync(file(name), 'bytes');
      // Two hours old, but `young`, whose row may be on its way (written first, inserted after).
      const old = new Date(Date.now() - 2 * 60 * 60_000);
      for (const name of [`${known}.webp`, `${orphan}.webp`, `${orphan}.webp.123.partial`, 'notes.txt'])
        fs.utimesSync(file(name), old, old);

      expect(await sweepOrphanFiles(ctx.database.db, dir)).toBe(2);
      expect(fs.readdirSync(dir).sort()).toEqual([`${known}.webp`, `${young}.webp`, 'notes.txt'].sort());
      // Once it is an hour old too, and still has no row, it goes.
      expect(await sweepOrphanFiles(ctx.database.db, dir, { now: new Date(Date.now() + 61 * 60_000) })).toBe(1);
      expect(fs.readdirSync(dir).sort()).toEqual([`${known}.webp`, 'notes.txt'].sort());
      expect(await sweepOrphanFiles(ctx.database.db, path.join(dir, 'missing'))).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/uploads/:key for avatars', () => {
  it('avatars are public, with the same protective headers', async () => {
    const user = await createUser(ctx);
    const [stored] = await storeImages(ctx.app.uploadStorage, user.id, 'avatar', [
      await reencodeImage(await png(300, 200), { square: 256 }),
    ]);
    await ctx.database.db.insert(uploads).values(stored!.row);

    const response = await ctx.app.inject({ method: 'GET', url: `/api/uploads/${stored!.key}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.length).toBe(stored!.row.byteSize);
  });

  it('a row whose file is gone is a 404, not a 500', async () => {
    const user = await createUser(ctx);
    const key = newUploadKey();
    await insertAvatarRow(ctx, user.id, key);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/uploads/${key}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Image not found', code: expect.any(String) });
  });
});

describe('GET /api/uploads/:key caching', () => {
  /** A stored image of `kind` owned by `ownerId`, row and file. */
  async function storedImage(ownerId: string, kind: 'avatar' | 'box') {
    const [stored] = await storeImages(ctx.app.uploadStorage, ownerId, kind, [await reencodeImage(await png(40, 40))]);
    await ctx.database.db.insert(uploads).values(stored!.row);
    return stored!;
  }

  it('answers with an ETag and a year of caching, and 304 without the bytes when the browser has them', async () => {
    const user = await createUser(ctx);
    const avatar = await storedImage(user.id, 'avatar');
    const url = `/api/uploads/${avatar.key}`;

    const first = await ctx.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toMatch(/\bmax-age=31536000\b/);
    expect(first.headers['cache-control']).toMatch(/\bimmutable\b/);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    }
    const changed = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"something-else"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(avatar.row.byteSize);
  });

  it('a box image is private; who may not see it gets 404, not 304, whatever tag they send', async () => {
    const creator = await createUser(ctx);
    const stranger = await createUser(ctx);
    const image = await storedImage(creator.id, 'box');
    const shroId = randomUUID();
    await ctx.database.db.insert(shros).values({ id: shroId, type: 'image', creatorId: creator.id, title: 't' });
    await ctx.database.db.insert(shroBoxes).values(
      [1, 2, 3, 4].map((position) => ({
        shroId,
        position,
        salt: `a${position}`,
        commitment: `b${position}`,
        imageKey: position === 1 ? image.key : null,
      })),
    );
    const url = `/api/uploads/${image.key}`;

    const own = await ctx.app.inject({ method: 'GET', url, headers: { cookie: creator.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const etag = String(own.headers.etag);
    const revalidated = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { cookie: creator.cookie, 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('private, max-age=31536000, immutable');

    for (const headers of [{ cookie: stranger.cookie }, {}]) {
      for (const ifNoneMatch of [etag, '*']) {
        const hidden = await ctx.app.inject({
          method: 'GET',
          url,
          headers: { ...headers, 'if-none-match': ifNoneMatch },
        });
        expect(hidden.statusCode).toBe(404);
        expect(hidden.json()).toEqual({ message: 'Image not found', code: expect.any(String) });
        expect(hidden.headers.etag).toBeUndefined();
        expect(hidden.headers['cache-control']).toBe('no-store');
      }
    }
  });
});
