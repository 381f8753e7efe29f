import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createUser, insertShro } from '../../test/factories';
import { createTestApp, createTestDatabase, type TestContext } from '../../test/test-app';
import { defaultAllowedHosts } from './public-origin';

/**
 * Issue 10, item 10: with PUBLIC_ORIGIN unset, `Host: evil.example` went into canonical, og:url,
 * og:image and the JSON-LD of every page. Item 12: `/@anyone` answered 200 and echoed the path.
 */
let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Shro</title>\n<!--server-meta-->\n</head><body><div id="root"></div></body></html>',
  );
});
afterAll(() => {
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** Every absolute or relative URL the head carries for link previews. */
function previewUrls(html: string) {
  const attr = (pattern: RegExp) => pattern.exec(html)?.[1];
  return {
    canonical: attr(/rel="canonical" href="([^"]*)"/),
    ogUrl: attr(/property="og:url" content="([^"]*)"/),
    ogImage: attr(/property="og:image" content="([^"]*)"/),
    twitterImage: attr(/name="twitter:image" content="([^"]*)"/),
    jsonLdUrl: JSON.parse(/type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!).url as string,
  };
}

describe('link previews without PUBLIC_ORIGIN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Listening on 0.0.0.0:3000 with no ALLOWED_HOSTS: the allow-list is the local names.
    ctx = await createTestApp({
      webDist,
      publicOrigin: undefined,
      host: '0.0.0.0',
      port: 3000,
      allowedHosts: undefined,
    });
  });
  afterAll(() => ctx.close());

  const page = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

  it.each([
    'evil.example',
    'evil.example:3000',
    'localhost:3000.evil.example',
    'localhost',
    '127.0.0.1:4000',
    'localhost:3000@evil.example',
  ])('never writes a foreign Host (%s) into the page: relative URLs instead', async (host) => {
    const response = await page('/', { host });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('evil.example');
    expect(previewUrls(response.body)).toEqual({
      canonical: '/',
      ogUrl: '/',
      ogImage: '/og-image.png',
      twitterImage: '/og-image.png',
      jsonLdUrl: '/',
    });
  });

  it('ignores X-Forwarded-Host when the proxy is not trusted', async () => {
    const response = await page('/explore', { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' });
    expect(response.body).not.toContain('evil.example');
    expect(previewUrls(response.body).canonical).toBe('http://localhost:3000/explore');
  });

  it.each(['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000'])(
    'uses an allowed local Host (%s) for absolute URLs',
    async (host) => {
      const response = await page('/explore', { host });
      const origin = `http://${host.toLowerCase()}`;
      expect(previewUrls(response.body)).toEqual({
        canonical: `${origin}/explore`,
        ogUrl: `${origin}/explore`,
        ogImage: `${origin}/og-image.png`,
        twitterImage: `${origin}/og-image.png`,
        jsonLdUrl: `${origin}/`,
      });
    },
  );
});

describe('link previews with ALLOWED_HOSTS', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ webDist, publicOrigin: undefined, allowedHosts: ['shro.example', 'www.shro.example'] });
  });
  afterAll(() => ctx.close());

  it('accepts exactly the listed hosts', async () => {
    const good = await ctx.app.inject({ method: 'GET', url: '/explore', headers: { host: 'www.shro.example' } });
    expect(previewUrls(good.body).canonical).toBe('http://www.shro.example/explore');
    for (const host of ['evil.example', 'localhost:3000', 'shro.example.evil.example', 'shro.example:8080']) {
      const bad = await ctx.app.inject({ method: 'GET', url: '/explore', headers: { host } });
      expect(previewUrls(bad.body).canonical, host).toBe('/explore');
    }
  });
});

describe('link previews behind a trusted proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ webDist, publicOrigin: undefined, trustProxy: true, allowedHosts: ['shro.example'] });
  });
  afterAll(() => ctx.close());

  it('checks the forwarded host and protocol against the allow-list too', async () => {
    const inject = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/explore', headers: { host: 'internal:3000', ...headers } });
    const good = await inject({ 'x-forwarded-host': 'shro.example', 'x-forwarded-proto': 'https' });
    expect(previewUrls(good.body).canonical).toBe('https://shro.example/explore');
    const evil = await inject({ 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(previewUrls(evil.body).canonical).toBe('/explore');
    const oddProto = await inject({ 'x-forwarded-host': 'shro.example', 'x-forwarded-proto': 'javascript' });
    expect(previewUrls(oddProto.body).canonical).toBe('/explore');
  });
});

describe('link previews with PUBLIC_ORIGIN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ webDist, publicOrigin: 'https://shro.example' });
  });
  afterAll(() => ctx.close());

  it('always uses PUBLIC_ORIGIN, whatever the Host', async () => {
    for (const host of ['evil.example', 'localhost:3000']) {
      const response = await ctx.app.inject({ method: 'GET', url: '/explore', headers: { host } });
      expect(previewUrls(response.body)).toEqual({
        canonical: 'https://shro.example/explore',
        ogUrl: 'https://shro.example/explore',
        ogImage: 'https://shro.example/og-image.png',
        twitterImage: 'https://shro.example/og-image.png',
        jsonLdUrl: 'https://shro.example/',
      });
    }
  });

  it('gives a link or public Shro its own image under PUBLIC_ORIGIN, a private one the generic image', async () => {
    const creator = await createUser(ctx, { username: 'origin_creator', signedIn: false });
    const shroOf = async (values: { isShareable?: boolean; isPublic?: boolean }) =>
      (await insertShro(ctx, creator.id, { title: 'Origin test', ...values })).id;
    for (const id of [await shroOf({ isShareable: true }), await shroOf({ isPublic: true })]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/session/${id}`,
        headers: { host: 'evil.example' },
      });
      const { ogImage, twitterImage } = previewUrls(response.body);
      expect(ogImage).toMatch(new RegExp(`^https://shro\\.example/api/sessions/${id}/preview\\.png\\?v=[\\w-]{22}$`));
      expect(twitterImage).toBe(ogImage);
    }
    const privateId = await shroOf({});
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/session/${privateId}`,
      headers: { host: 'evil.example' },
    });
    expect(previewUrls(response.body)).toMatchObject({
      ogImage: 'https://shro.example/og-image.png',
      twitterImage: 'https://shro.example/og-image.png',
    });
  });
});

describe('unknown profiles and pages', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ webDist, publicOrigin: 'https://shro.example' });
    await createUser(ctx, { username: 'known_user', signedIn: false });
  });
  afterAll(() => ctx.close());

  it.each(['/@nobody_here', '/@nobody_here/', '/@no%20such', `/@${'x'.repeat(40)}`, '/@', '/no/such/page'])(
    '%s answers 404 with the app (its not-found screen) and no canonical URL',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.body).not.toMatch(/rel="canonical"|property="og:url"/);
      expect(response.body).toContain('content="noindex, nofollow"');
      expect(response.body).not.toContain('nobody_here');
    },
  );

  it('a known profile still answers 200 with its canonical URL', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/@KNOWN_USER' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('rel="canonical" href="https://shro.example/@known_user"');
  });
});

describe('ALLOWED_HOSTS setting', () => {
  it('parses a comma-separated list, lower-cased, blanks dropped', () => {
    const config = loadConfig({ ALLOWED_HOSTS: ' Shro.Example , www.shro.example:8443,, ' });
    expect(config.allowedHosts).toEqual(['shro.example', 'www.shro.example:8443']);
    expect(loadConfig({}).allowedHosts).toBeUndefined();
  });

  it('defaults to the listening address and the local names with the port', () => {
    expect(defaultAllowedHosts({ host: '0.0.0.0', port: 3000 })).toEqual([
      'localhost:3000',
      '127.0.0.1:3000',
      '[::1]:3000',
    ]);
    expect(defaultAllowedHosts({ host: '192.168.1.5', port: 8080 })).toEqual([
      '192.168.1.5:8080',
      'localhost:8080',
      '127.0.0.1:8080',
      '[::1]:8080',
    ]);
    expect(defaultAllowedHosts({ host: '::1', port: 80 })).toContain('localhost');
  });
});

describe('start-up warning', () => {
  async function startupLog(env: NodeJS.ProcessEnv) {
    const lines: string[] = [];
    const { database, drop } = await createTestDatabase();
    const config = {
      ...loadConfig({ ...env, DATA_DIR: ':memory:', LOG_LEVEL: 'warn' }),
      webDist,
      redisUrl: undefined,
      databaseUrl: undefined,
    };
    const app = await buildApp({ config, database, closeDatabase: false, logStream: { write: (l) => lines.push(l) } });
    await app.ready();
    await app.close();
    await drop();
    return lines.map((line) => JSON.parse(line) as { level: number; msg: string });
  }
  const originWarnings = (lines: { level: number; msg: string }[]) =>
    lines.filter((l) => l.level === 40 && /PUBLIC_ORIGIN/.test(l.msg));

  it('warns in production when neither PUBLIC_ORIGIN nor ALLOWED_HOSTS is set', async () => {
    expect(originWarnings(await startupLog({ NODE_ENV: 'production' }))).toHaveLength(1);
  });

  it.each([
    { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shro.example' },
    { NODE_ENV: 'production', ALLOWED_HOSTS: 'shro.example' },
    { NODE_ENV: 'development' },
  ])('stays quiet with %j', async (env) => {
    expect(originWarnings(await startupLog(env))).toEqual([]);
  });
});
