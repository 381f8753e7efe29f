import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sum } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_SIZE } from '../../../contract/profiles';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { uploads } from '../../db/schema/index';
import { configureImageWork, reencodeImage } from '../../lib/images';
import { createUser, gameRowCounts, imageFile, png, postShro, type SignedInUser } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { createTestApp, createTestDatabase, type TestConfigOverrides, type TestContext } from '../../test/test-app';
import { newUploadKey } from './storage';

/** Issue 10 item 15: image work, concurrent uploads and stored bytes are bounded per process and per user. */

const appWith = (overrides: TestConfigOverrides) =>
  createTestApp({ ...overrides, rateLimits: { ...loadConfig().rateLimits, writesPerUser: 100_000 } });

const imageShro = (title = 'Which one?') => ({ title, type: 'image', isShareable: 'true' });

/** The highest number of images sharp (libvips) was working on at once while `work` ran. */
async function peakSharpWork(work: () => Promise<unknown>): Promise<number> {
  let peak = 0;
  // Decoding runs on libuv's thread pool, so the event loop is free to sample the counters.
  const sampler = setInterval(() => {
    peak = Math.max(peak, sharp.counters().process);
  }, 1);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return peak;
}

/** A 16-megapixel PNG: small on the wire, about 0.1 s of decoding. */
const bigPng = (shade: number) => png(4000, 4000, { r: shade, g: 90, b: 160 });

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real multipart request over HTTP. With `sentBytes` below the body's length it sends only
 * that much and waits: an upload in flight, as a slow phone would hold it.
 */
function openUpload(
  port: number,
  cookie: string,
  form: { payload: Buffer; headers: Record<string, string> },
  { url = '/api/sessions', method = 'POST', sentBytes = 64 } = {},
) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    path: url,
    method,
    agent: false,
    headers: { ...form.headers, cookie, 'content-length': String(form.payload.length) },
  });
  const response = new Promise<RawResponse>((resolve, reject) => {
    request.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
  // A test that fails early leaves uploads open; the server closing them is not another failure.
  response.catch(() => {});
  if (sentBytes >= form.payload.length) request.end(form.payload);
  else request.write(form.payload.subarray(0, sentBytes));
  return {
    response,
    finish: () => request.end(form.payload.subarray(sentBytes)),
    disconnect: () => request.destroy(),
  };
}

const storedBytesOf = async (ctx: TestContext, userId: string) => {
  const [row] = await ctx.database.db
    .select({ total: sum(uploads.byteSize) })
    .from(uploads)
    .where(eq(uploads.ownerId, userId));
  return Number(row?.total ?? 0);
};

/** Images in the app's store (the folder, or PostgreSQL's table: decision 101). */
const storedImages = (ctx: TestContext) => ctx.app.uploadStorage.count();

/** Pretends the user already stores this many bytes of images. */
async function seedStoredBytes(ctx: TestContext, userId: string, byteSize: number) {
  await ctx.database.db.insert(uploads).values({
    key: newUploadKey(),
    ownerId: userId,
    kind: 'box',
    contentType: 'image/webp',
    width: 1,
    height: 1,
    byteSize,
  });
}

describe('the image work queue', () => {
  it('never decodes more than IMAGE_WORK_CONCURRENCY images at once, whoever sends them', async () => {
    const ctx = await appWith({ imageWorkConcurrency: 1 });
    try {
      const users: SignedInUser[] = [];
      for (let i = 0; i < 3; i++) users.push(await createUser(ctx));
      const files = [imageFile(await bigPng(10)), imageFile(await bigPng(20))];
      let statuses: number[] = [];
      const peak = await peakSharpWork(async () => {
        const responses = await Promise.all(users.map((u) => postShro(ctx, u.cookie, imageShro(), files)));
        statuses = responses.map((r) => r.statusCode);
      });
      expect(statuses).toEqual([201, 201, 201]);
      expect(peak).toBe(1);
    } finally {
      await ctx.close();
    }
  });

  it('runs up to N at once and queues the rest (real sharp work, N = 2)', async () => {
    configureImageWork({ concurrency: 2 });
    const image = await bigPng(30);
    const peak = await peakSharpWork(() => Promise.all(Array.from({ length: 6 }, () => reencodeImage(image))));
    expect(peak).toBe(2);
  });
});

describe('where an upload guard may go', () => {
  it("refuses to start an app whose guard is not a route's own preValidation option: its slots would never be released", async () => {
    const { database, drop } = await createTestDatabase();
    const config = {
      ...loadConfig({ ...process.env, DATA_DIR: ':memory:', LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
      webDist: '/nonexistent',
      databaseUrl: undefined,
    };
    const app = await buildApp({ config, database, closeDatabase: false });
    try {
      // As a plugin's hook instead: no route of the app would carry the release hooks.
      await app.register(async (scope) => {
        scope.addHook('preValidation', scope.guardUpload('box'));
        scope.post('/api/test-only/upload', async () => ({ ok: true }));
      });
      await expect(app.ready()).rejects.toThrow(/guardUpload\(\) works only as a route's own preValidation option/);
    } finally {
      await app.close().catch(() => {});
      await drop();
    }
  });
});

describe('concurrent uploads per user', () => {
  let ctx: TestContext;
  let port: number;
  let files: Awaited<ReturnType<typeof multipart>>;
  beforeAll(async () => {
    ctx = await appWith({ uploadMaxConcurrentPerUser: 2 });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
    files = await multipart(imageShro(), [imageFile(await png(64, 64)), imageFile(await png(32, 32))]);
  });
  afterAll(() => ctx.close());

  const inFlight = (userId: string) => ctx.app.uploadGate.inFlight(userId);

  it('a third upload while two are in flight answers 429 with Retry-After; a finished one frees its slot', async () => {
    const user = await createUser(ctx);
    const first = openUpload(port, user.cookie, files);
    const second = openUpload(port, user.cookie, files);
    await until(() => inFlight(user.id) === 2, 'two uploads in flight');

    const before = await gameRowCounts(ctx);
    const third = openUpload(port, user.cookie, files, { sentBytes: files.payload.length });
    const refused = await third.response;
    expect(refused.status, refused.body).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toEqual({
      message: 'You already have 2 uploads in progress. Wait for one to finish, then try again.',
      code: expect.any(String),
    });
    expect(await gameRowCounts(ctx)).toEqual(before);

    // Another user, and a create without files, are not held back.
    const other = await createUser(ctx);
    const otherFiles = [imageFile(await png()), imageFile(await png(16, 16))];
    expect((await postShro(ctx, other.cookie, imageShro(), otherFiles)).statusCode).toBe(201);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { cookie: user.cookie },
      payload: { title: 'JSON', type: 'text', isShareable: true, textOptions: [{ content: 'a' }, { content: 'b' }] },
    });
    expect(json.statusCode, json.body).toBe(201);

    first.finish();
    expect((await first.response).status).toBe(201);
    await until(() => inFlight(user.id) === 1, 'the finished upload to free its slot');
    const next = openUpload(port, user.cookie, files, { sentBytes: files.payload.length });
    expect((await next.response).status).toBe(201);

    second.finish();
    expect((await second.response).status).toBe(201);
    await until(() => inFlight(user.id) === 0, 'every slot freed');
  });

  it('a client that disconnects mid-upload frees its slot at once, not after the idle timeout', async () => {
    const user = await createUser(ctx);
    const first = openUpload(port, user.cookie, files);
    const second = openUpload(port, user.cookie, files);
    await until(() => inFlight(user.id) === 2, 'two uploads in flight');
    first.disconnect();
    second.disconnect();
    await until(() => inFlight(user.id) === 0, 'disconnected uploads to free their slots', 2_000);
    const after = openUpload(port, user.cookie, files, { sentBytes: files.payload.length });
    expect((await after.response).status).toBe(201);
  });

  it('a new profile picture counts as an upload too', async () => {
    const user = await createUser(ctx);
    const first = openUpload(port, user.cookie, files);
    const second = openUpload(port, user.cookie, files);
    await until(() => inFlight(user.id) === 2, 'two uploads in flight');
    const picture = await multipart({}, [
      { field: 'profileImage', data: await png(), filename: 'me.png', type: 'image/png' },
    ]);
    const refused = await openUpload(port, user.cookie, picture, {
      url: '/api/profile',
      method: 'PATCH',
      sentBytes: picture.payload.length,
    }).response;
    expect(refused.status, refused.body).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    first.disconnect();
    second.disconnect();
    await until(() => inFlight(user.id) === 0, 'slots freed');
    const accepted = await openUpload(port, user.cookie, picture, {
      url: '/api/profile',
      method: 'PATCH',
      sentBytes: picture.payload.length,
    }).response;
    expect(accepted.status, accepted.body).toBe(200);
  });
});

describe('the storage quota per user', () => {
  const QUOTA = 1024 * 1024;
  const FULL_MESSAGE = 'You have used your 1 MB of image storage. Delete some Shros to upload more.';
  let ctx: TestContext;
  let port: number;
  let png: Buffer;
  /** Bytes one `png` takes once re-encoded (re-encoding is deterministic). */
  let encodedBytes: number;
  beforeAll(async () => {
    ctx = await appWith({ uploadQuotaBytesPerUser: QUOTA, uploadMaxConcurrentPerUser: 2 });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
    png = await sharp({
      create: {
        width: 300,
        height: 300,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    encodedBytes = (await reencodeImage(png)).data.length;
  });
  afterAll(() => ctx.close());

  /** A refused upload: the status and exact message, and not one row or file more than before. */
  async function expectRefused(
    send: () => Promise<{ statusCode: number; body: string }>,
    status: number,
    message: string,
  ) {
    const rows = await gameRowCounts(ctx);
    const files = await storedImages(ctx);
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    expect(JSON.parse(response.body)).toEqual({ message, code: expect.any(String) });
    expect(await gameRowCounts(ctx)).toEqual(rows);
    expect(await storedImages(ctx)).toBe(files);
  }

  it('uploads within the quota work and count their stored bytes', async () => {
    const user = await createUser(ctx);
    const response = await postShro(ctx, user.cookie, imageShro(), [imageFile(png), imageFile(png)]);
    expect(response.statusCode, response.body).toBe(201);
    expect(await storedBytesOf(ctx, user.id)).toBe(2 * encodedBytes);
  });

  it('an upload that would go over the quota once encoded → 413 with a clear message, nothing written', async () => {
    const user = await createUser(ctx);
    await seedStoredBytes(ctx, user.id, QUOTA - encodedBytes);
    await expectRefused(
      () => postShro(ctx, user.cookie, imageShro(), [imageFile(png), imageFile(png)]),
      413,
      FULL_MESSAGE,
    );
    // A new profile picture is held to the same quota: room for all but one byte of it.
    const avatarBytes = (await reencodeImage(png, { square: AVATAR_SIZE })).data.length;
    await seedStoredBytes(ctx, user.id, encodedBytes - avatarBytes + 1);
    const picture = await multipart({}, [{ field: 'profileImage', data: png, filename: 'me.png', type: 'image/png' }]);
    await expectRefused(
      () =>
        ctx.app.inject({
          method: 'PATCH',
          url: '/api/profile',
          headers: { ...picture.headers, cookie: user.cookie },
          payload: picture.payload,
        }),
      413,
      FULL_MESSAGE,
    );
  });

  it('a user already at the quota is refused before the body is even read', async () => {
    const user = await createUser(ctx);
    await seedStoredBytes(ctx, user.id, QUOTA);
    const form = await multipart(imageShro(), [imageFile(png)]);
    const files = await storedImages(ctx);
    // Only the first bytes are ever sent: the answer cannot have waited for the images.
    const upload = openUpload(port, user.cookie, form, { sentBytes: 64 });
    const response = await upload.response;
    upload.disconnect();
    expect(response.status, response.body).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ message: FULL_MESSAGE, code: expect.any(String) });
    expect(await storedImages(ctx)).toBe(files);
    // Creates without images still work.
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { cookie: user.cookie },
      payload: { title: 'Text', type: 'text', isShareable: true, textOptions: [{ content: 'a' }, { content: 'b' }] },
    });
    expect(text.statusCode, text.body).toBe(201);
  });

  it('two parallel uploads that each fit but not together: exactly one is stored', async () => {
    const user = await createUser(ctx);
    // Room for three images; each create brings two.
    await seedStoredBytes(ctx, user.id, QUOTA - 3 * encodedBytes);
    const files = await storedImages(ctx);
    const responses = await Promise.all([
      postShro(ctx, user.cookie, imageShro('a'), [imageFile(png), imageFile(png)]),
      postShro(ctx, user.cookie, imageShro('b'), [imageFile(png), imageFile(png)]),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 413]);
    expect(responses.find((r) => r.statusCode === 413)!.json()).toEqual({
      message: FULL_MESSAGE,
      code: expect.any(String),
    });
    expect(await storedBytesOf(ctx, user.id)).toBe(QUOTA - encodedBytes);
    expect(await storedImages(ctx)).toBe(files + 2);
  });

  it('deleting a Shro gives its bytes back; replacing a profile picture does not count the old one', async () => {
    const avatarBytes = (await reencodeImage(png, { square: AVATAR_SIZE })).data.length;
    expect(avatarBytes).toBeLessThan(encodedBytes);
    const user = await createUser(ctx);
    await seedStoredBytes(ctx, user.id, QUOTA - 2 * encodedBytes);
    const created = await postShro(ctx, user.cookie, imageShro(), [imageFile(png), imageFile(png)]);
    expect(created.statusCode, created.body).toBe(201);
    expect(await storedBytesOf(ctx, user.id)).toBe(QUOTA);
    expect((await postShro(ctx, user.cookie, imageShro(), [imageFile(png), imageFile(png)])).statusCode).toBe(413);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${created.json().id}`,
      headers: { cookie: user.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedBytesOf(ctx, user.id)).toBe(QUOTA - 2 * encodedBytes);

    const picture = await multipart({}, [{ field: 'profileImage', data: png, filename: 'me.png', type: 'image/png' }]);
    const setPicture = () =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { ...picture.headers, cookie: user.cookie },
        payload: picture.payload,
      });
    expect((await setPicture()).statusCode).toBe(200);
    expect((await setPicture()).statusCode).toBe(200);
    expect(await storedBytesOf(ctx, user.id)).toBe(QUOTA - 2 * encodedBytes + avatarBytes);
    // Exactly full: the new picture takes the old one's place, so it can still be replaced.
    await seedStoredBytes(ctx, user.id, 2 * encodedBytes - avatarBytes);
    expect(await storedBytesOf(ctx, user.id)).toBe(QUOTA);
    const replaced = await setPicture();
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await storedBytesOf(ctx, user.id)).toBe(QUOTA);
  });
});
