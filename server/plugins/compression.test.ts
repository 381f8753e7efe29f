import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_MESSAGE } from '../../contract/auth';
import { shroBoxes, shros } from '../db/schema/index';
import { createUser } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

let ctx: TestContext;
let webDist: string;
// Text that compresses, and over 1 KB: as a real bundle would be.
const script = `${'export const answer = () => "a Shro hides four options";\n'.repeat(80)}`;
const html = `<!doctype html><html><head><title>Shro</title>\n<!--server-meta-->\n</head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

/** What the build writes (vite.config.ts): the file, its .br and its .gz. */
function writeAsset(relative: string, content: string) {
  const file = path.join(webDist, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-web-'));
  writeAsset('index.html', html);
  writeAsset('assets/app-Ab12Cd34.js', script);
  writeAsset('sw.js', script);
  ctx = await createTestApp({ webDist });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const varyOf = (value: unknown) =>
  String(value ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim());

describe('built assets', () => {
  it('sends the .br or .gz the client accepts, with Vary: Accept-Encoding, and the same bytes once decoded', async () => {
    const br = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(varyOf(br.headers.vary)).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(script.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(varyOf(gzip.headers.vary)).toContain('accept-encoding');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself to a client that accepts no encoding, still with Vary', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const plain = await get('/assets/app-Ab12Cd34.js', headers);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(varyOf(plain.headers.vary)).toContain('accept-encoding');
      expect(plain.body).toBe(script);
    }
  });

  it('keeps fingerprinted assets for a year, compressed or not, and revalidates everything else', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const asset = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': encoding });
      expect(asset.headers['content-encoding'] ?? 'identity').toBe(encoding);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const worker = await get('/sw.js', { 'accept-encoding': encoding });
      expect(worker.headers['cache-control']).toBe('no-cache');
    }
  });

  it('compresses the server-rendered page, which is revalidated; an unknown page stays a 404', async () => {
    const page = await get('/', { 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(varyOf(page.headers.vary)).toContain('accept-encoding');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root"></div>');

    const missing = await get('/no/such/page', { 'accept-encoding': 'gzip' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(gunzipSync(missing.rawPayload).toString()).toContain('<div id="root"></div>');
  });
});

describe('JSON answers', () => {
  it('are compressed from 1 KB when the client accepts it, and sent as they are otherwise or below 1 KB', async () => {
    const { cookie } = await createUser(ctx);
    const url = '/api/tmdb/search/movie?query=the';
    const plain = await get(url, { cookie });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(url, { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varyOf(br.headers.vary)).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get(url, { cookie, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    // Below 1 KB an answer goes as it is, whatever the client accepts.
    const small = await get('/healthz', { 'accept-encoding': 'gzip, deflate, br' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('a cached Shro view is sent compressed from its kept forms, the same JSON every time', async () => {
    const { cookie, ...user } = await createUser(ctx);
    const id = randomUUID();
    await ctx.database.db.insert(shros).values({ id, type: 'text', creatorId: user.id, title: 'Dinner?' });
    await ctx.database.db.insert(shroBoxes).values(
      [1, 2, 3, 4].map((position) => ({
        shroId: id,
        position,
        textContent: `Option ${position}: ${'a long description of a place to eat. '.repeat(8)}`,
        salt: `a${position}`,
        commitment: `b${position}`,
      })),
    );
    const url = `/api/sessions/${id}`;
    const plain = await get(url, { cookie });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (let read = 0; read < 2; read++) {
      const br = await get(url, { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(varyOf(br.headers.vary)).toContain('accept-encoding');
      expect(br.headers['cache-control']).toBe('no-store');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gzip = await get(url, { cookie, 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    }
  });
});

describe('request bodies', () => {
  const login = (payload: Buffer | string, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const wrongPassword = JSON.stringify({ username: 'nobody_here', password: 'not the password' });

  it('a JSON body sent gzip-compressed is read; an encoding the server does not decode is refused 415 with {message}', async () => {
    // Read and checked: the answer is about the credentials, not about the body.
    const gzipped = await login(gzipSync(wrongPassword), { 'content-encoding': 'gzip' });
    expect(gzipped.statusCode).toBe(401);
    expect(gzipped.json()).toEqual({ message: INVALID_CREDENTIALS_MESSAGE, code: expect.any(String) });
    const unknown = await login(wrongPassword, { 'content-encoding': 'compress' });
    expect(unknown.statusCode).toBe(415);
    expect(unknown.json()).toEqual({ message: expect.stringMatching(/content-encoding/i), code: expect.any(String) });
  });

  it('a GET has no body to decode: a Content-Encoding on it changes nothing (no decompression hook on GET routes)', async () => {
    const labelled = await get('/healthz', { 'content-encoding': 'compress' });
    expect(labelled.statusCode).toBe(200);
    expect(labelled.json()).toEqual({ status: 'ok' });
  });
});
