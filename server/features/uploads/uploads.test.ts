import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index';
import { reencodeImage } from '../../lib/images';
import { createSignedInUser, createTestApp, type TestContext } from '../../test/test-app';
import { solidPng } from '../shros/test-fixtures';
import { storeImages } from './service';
import { createUploadStorage, newUploadKey, uploadsDirFor } from './storage';

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

  it('saves, reads and removes by 128-bit key, and refuses anything that is not a key', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-storage-test-'));
    try {
      const storage = createUploadStorage(dir);
      const key = newUploadKey();
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      await storage.save(key, Buffer.from('bytes'));
      expect(fs.existsSync(path.join(dir, 'uploads', `${key}.webp`))).toBe(true);
      expect((await storage.read(key))!.toString()).toBe('bytes');
      await storage.remove([key, key]);
      expect(await storage.read(key)).toBeNull();
      await expect(storage.read('../../etc/passwd')).rejects.toThrow(/invalid upload key/);
      await expect(storage.save('ABC', Buffer.from('x'))).rejects.toThrow(/invalid upload key/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/uploads/:key for avatars', () => {
  it('avatars are public, with the same protective headers', async () => {
    const { user } = await createSignedInUser(ctx);
    const storage = createUploadStorage(':memory:');
    const [stored] = await storeImages(storage, user.id, 'avatar', [
      await reencodeImage(await solidPng(300, 200), { square: 256 }),
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
    const { user } = await createSignedInUser(ctx);
    const key = newUploadKey();
    await ctx.database.db.insert(uploads).values({
      key,
      ownerId: user.id,
      kind: 'avatar',
      contentType: 'image/webp',
      width: 1,
      height: 1,
      byteSize: 1,
    });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/uploads/${key}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Image not found' });
  });
});
