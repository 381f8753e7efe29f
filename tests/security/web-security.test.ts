import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_MESSAGE, USERNAME_TAKEN_MESSAGE } from '../../contract/auth';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { authSessions } from '../../server/db/schema/index';
import { DATA_CSP, DOCUMENT_ONLY_HEADERS } from '../../server/plugins/security-headers';
import { cookieFrom, createUser, TEST_PASSWORD } from '../../server/test/factories';
import { createTestApp, createTestDatabase, type TestContext, withoutRateLimits } from '../../server/test/test-app';
import { changedTables, tableChecksum } from '../support/db-checksum';
import { recordFigure } from '../support/figures';
import { collectRoutes } from '../support/routes';
import { buildWorld } from '../support/world';
import { memberOf, ROLES, scenarios } from './authorization-rows';
import { SIGNED_BY_AUTHENTICATOR } from './authorization-rows-passkeys';

let ctx: TestContext;
let writeRoutes: string[];
let webDist: string;
/** The test app over real HTTP, for answers inject cannot show (event streams, raw parser errors). */
let baseUrl: string;
beforeAll(async () => {
  // A stand-in web build, so page responses are checked without running Vite.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Shro</title><!--server-meta--></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("shro");\n');
  ctx = await createTestApp({ ...withoutRateLimits, webDist });
  writeRoutes = collectRoutes(ctx.app).filter((route) => /^(POST|PUT|PATCH|DELETE) /.test(route));
  baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const succeeds = (expected: number | number[]) => [expected].flat().some((status) => status < 300);

/** A signed-in write that would succeed: the first matrix scenario of the route where a signed-in role may call it. */
async function ownerWrite(route: string) {
  for (const scenario of scenarios.filter((s) => s.route === route)) {
    // A route only an authenticator's signature makes succeed is checked with its refusal.
    const role =
      route in SIGNED_BY_AUTHENTICATOR
        ? 'owner'
        : (['owner', 'friend', 'stranger', 'moderator'] as const).find((r) => succeeds(scenario.expect[r]));
    if (!role) continue;
    const world = await buildWorld(ctx);
    await scenario.setup?.(ctx, world);
    const member = memberOf(world, role)!;
    const request = await scenario.request({ ctx, world, role, cookie: { cookie: member.cookie } });
    return { expected: [scenario.expect[role]].flat(), request };
  }
  throw new Error(`no matrix scenario where a signed-in user may call ${route}`);
}

const withHeaders = (request: InjectOptions, headers: Record<string, string>): InjectOptions => ({
  ...request,
  headers: { ...(request.headers as Record<string, string>), ...headers },
});

function expectMessage(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(response.json() as object)).toEqual(['message', 'code']);
}

describe('CSRF: cookie-authenticated writes from another site are refused', () => {
  const crossSite: [string, Record<string, string>][] = [
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin: null (sandboxed frame, file:)', { origin: 'null' }],
    ['an Origin that only starts like ours', { origin: 'http://localhost:80.evil.example' }],
    ['a foreign Origin on a same-site request', { origin: 'https://evil.example', 'sec-fetch-site': 'same-site' }],
  ];
  // What an HTML form on another site can send without a CORS preflight.
  const formTypes = ['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded'];

  it('covers every write route', () => {
    expect(writeRoutes.length).toBeGreaterThan(15);
  });

  it('every write route: cross-site → 403, a JSON body as a form type → 415, nothing changes; our own origin goes through', async () => {
    let refused = 0;
    for (const route of writeRoutes) {
      const { expected, request } = await ownerWrite(route);
      const before = await tableChecksum(ctx.database);
      for (const [name, headers] of crossSite) {
        const response = await ctx.app.inject(withHeaders(request, headers));
        expect(response.statusCode, `${route} with ${name}: ${response.body}`).toBe(403);
        expectMessage(response);
        refused++;
      }
      const body = typeof request.payload === 'object' && !Buffer.isBuffer(request.payload) ? request.payload : {};
      for (const type of formTypes) {
        const response = await ctx.app.inject(
          withHeaders({ ...request, payload: JSON.stringify(body ?? {}) }, { 'content-type': type }),
        );
        expect(response.statusCode, `${route} as ${type}: ${response.body}`).toBe(415);
        expectMessage(response);
        refused++;
      }
      expect(changedTables(before, await tableChecksum(ctx.database)), route).toEqual([]);

      // Browsers leave the default port out of Origin; the Host header may carry it. A row that
      // names its Host (passkeys belong to one) is called from that origin.
      const host = (request.headers as Record<string, string> | undefined)?.host;
      const own = await ctx.app.inject(
        withHeaders(request, { origin: `http://${host ?? 'localhost'}`, 'sec-fetch-site': 'same-origin' }),
      );
      expect(expected, `${route} from our own origin: ${own.body}`).toContain(own.statusCode);
    }
    console.log(`csrf: ${refused} cross-site or form-typed writes refused across ${writeRoutes.length} write routes`);
    recordFigure('csrf', { refused, writeRoutes: writeRoutes.length });
  });
});

describe('security headers', () => {
  /**
   * The headers checked on every answer, whatever produced it. A document (a page, the API
   * reference) carries them all; data (an API answer, an error from a route, the router or Node's
   * parser, an image, the live channel) carries a CSP and `X-Frame-Options` that refuse everything
   * and none of the other headers only documents obey (decision 141); a built script or style
   * sheet carries neither (decision 135).
   */
  const HEADER_SET = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'origin-agent-cluster',
    'permissions-policy',
    'referrer-policy',
    'reporting-endpoints',
    'x-content-type-options',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-frame-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];
  /** Powerful features the app never uses: denied to the page and to any frame. */
  const DENIED_FEATURES = [
    'accelerometer',
    'camera',
    'display-capture',
    'fullscreen',
    'geolocation',
    'gyroscope',
    'hid',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ];
  /** What the app does use (copy a link, sign in with a passkey), for its own origin only. */
  const OWN_FEATURES = ['clipboard-write', 'publickey-credentials-get'];

  const directivesOf = (csp: unknown) =>
    Object.fromEntries(
      String(csp)
        .split(';')
        .map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values];
        }),
    ) as Record<string, string[] | undefined>;

  const permissionsOf = (header: unknown) =>
    Object.fromEntries(
      String(header)
        .split(',')
        .map((entry) => entry.trim().split('='))
        .map(([name, allow]) => [name, allow]),
    ) as Record<string, string | undefined>;

  /** Headers every answer carries, document or data. */
  function expectBaseHeaders(headers: Record<string, unknown>, what = '') {
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-resource-policy'], what).toBe('same-origin');
    expect(headers['x-powered-by'], what).toBeUndefined();
  }

  /** An answer that is data: nothing in it may run or load, no page may frame it, no document header. */
  function expectDataHeaders(headers: Record<string, unknown>, what = '') {
    expectBaseHeaders(headers, what);
    expect(headers['content-security-policy'], what).toBe(DATA_CSP);
    expect(directivesOf(headers['content-security-policy'])['default-src'], what).toEqual(["'none'"]);
    expect(directivesOf(headers['content-security-policy'])['frame-ancestors'], what).toEqual(["'none'"]);
    expect(headers['x-frame-options'], what).toBe('DENY');
    for (const name of DOCUMENT_ONLY_HEADERS) {
      if (name !== 'content-security-policy' && name !== 'x-frame-options')
        expect(headers[name], `${what} ${name}`).toBeUndefined();
    }
  }

  /** A document: the whole set. */
  function expectCommonHeaders(headers: Record<string, unknown>, what = '') {
    expectBaseHeaders(headers, what);
    const directives = directivesOf(headers['content-security-policy']);
    expect(directives['script-src'], what).toEqual(["'self'"]);
    expect(String(headers['content-security-policy'])).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(directives['default-src'], what).toEqual(["'self'"]);
    expect(directives['object-src'], what).toEqual(["'none'"]);
    expect(directives['frame-ancestors'], what).toEqual(["'none'"]);
    expect(directives['base-uri'], what).toEqual(["'self'"]);
    expect(directives['form-action'], what).toEqual(["'self'"]);
    // Violations are reported to the app's own endpoint. Over plain HTTP only through report-uri:
    // Chromium ignores Reporting-Endpoints there, and a report-to would stop its report-uri reports.
    expect(directives['report-uri'], what).toEqual(['/api/csp-report']);
    expect(directives['report-to'], what).toBeUndefined();
    expect(headers['reporting-endpoints'], what).toBeUndefined();
    // The same answer as the CSP's frame-ancestors 'none', for browsers that only read this one.
    expect(headers['x-frame-options'], what).toBe('DENY');
    expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
    const permissions = permissionsOf(headers['permissions-policy']);
    for (const feature of DENIED_FEATURES) expect(permissions[feature], `${what} ${feature}`).toBe('()');
    for (const feature of OWN_FEATURES) expect(permissions[feature], `${what} ${feature}`).toBe('(self)');
    // The share sheet keeps the browser's default (this origin only); some Chromiums do not know the name.
    expect(permissions['web-share'], what).toBeUndefined();
  }

  /** The header set of an answer (uploads keep their own, stricter CSP, so it can be left out). */
  /** `withCsp: false`: an upload's own CSP is checked apart; `document: false`: a built script or style sheet (decision 135). */
  const headerSet = (headers: Record<string, unknown>, { withCsp = true, document = true } = {}) =>
    Object.fromEntries(
      HEADER_SET.filter(
        (name) =>
          (withCsp || name !== 'content-security-policy') &&
          (document || !(DOCUMENT_ONLY_HEADERS as readonly string[]).includes(name)),
      ).map((name) => [name, headers[name] === undefined ? undefined : String(headers[name])]),
    );

  /** The status line and headers of a raw HTTP exchange (requests Node's parser refuses). */
  function rawExchange(request: string): Promise<{ status: number; headers: Record<string, string> }> {
    const { hostname, port } = new URL(baseUrl);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => socket.write(request));
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        const [head = ''] = text.split('\r\n\r\n');
        const [statusLine = '', ...lines] = head.split('\r\n');
        const status = Number(statusLine.split(' ')[1]);
        if (!status) return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const colon = line.indexOf(':');
          headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        resolve({ status, headers });
      });
    });
  }

  /** The status and headers of the live channel (an endless event stream) over real HTTP. */
  async function liveHeaders(cookie?: string) {
    const abort = new AbortController();
    const response = await fetch(`${baseUrl}/api/live`, {
      headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
      signal: abort.signal,
    });
    const headers = Object.fromEntries(response.headers.entries());
    abort.abort();
    await response.body?.cancel().catch(() => {});
    return { status: response.status, headers };
  }

  it('pages carry CSP without inline scripts, nosniff, a referrer policy and frame-ancestors; no HSTS over plain HTTP', async () => {
    for (const url of ['/', '/login', '/session/abc', '/@someone', '/no-such-page']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expectCommonHeaders(response.headers, url);
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('API answers carry the data set, errors included; the API reference page is a document and carries the whole set', async () => {
    for (const url of ['/api/auth/user', '/api/platform/stats', '/api/no-such-route', '/api/openapi.json']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expectDataHeaders(response.headers, url);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
    // Documents whatever their path: the API reference page, and answers outside /api/ (a health check).
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expectCommonHeaders(docs.headers, 'API reference page');
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    for (const [what, headers] of [
      ['API reference page', docs.headers],
      ['health check', health.headers],
    ] as const) {
      for (const name of HEADER_SET) expect(headers[name], `${what} ${name}`).toBe(page.headers[name]);
    }
  });

  it('two header sets on every kind of answer: documents (pages) and data (API, errors, uploads, images, the live channel); built scripts', async () => {
    const world = await buildWorld(ctx);
    const owner = { cookie: world.owner.cookie };
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    expectCommonHeaders(page.headers, 'page');
    const reference = await ctx.app.inject({ method: 'GET', url: '/api/platform/stats' });
    expectDataHeaders(reference.headers, 'API JSON');
    const expected = headerSet(reference.headers);
    type SetOptions = { withCsp?: boolean; document?: boolean };
    const kinds: [string, Record<string, unknown>, SetOptions?][] = [];
    const add = async (what: string, request: InjectOptions, status: number, options?: SetOptions) => {
      const response = await ctx.app.inject(request);
      expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBe(status);
      kinds.push([what, response.headers, options]);
    };
    await add('built script', { method: 'GET', url: '/assets/app.js' }, 200, { document: false });
    await add('signed-in API answer', { method: 'GET', url: '/api/auth/user', headers: owner }, 200);
    await add('401', { method: 'GET', url: '/api/notifications' }, 401);
    await add('404 route', { method: 'GET', url: '/api/no-such-route' }, 404);
    await add(
      '400 bad JSON',
      { method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' },
      400,
    );
    await add('400 from the router (bad URL encoding)', { method: 'GET', url: '/api/sessions/%E0%A4%A' }, 400);
    await add('414 from the router (long parameter)', { method: 'GET', url: `/api/sessions/${'a'.repeat(600)}` }, 414);
    await add('placeholder poster', { method: 'GET', url: '/api/catalog/posters/movie/1.png' }, 200);
    await add('Shro preview image', { method: 'GET', url: `/api/sessions/${world.link.id}/preview.png` }, 200);
    await add('uploaded image', { method: 'GET', url: `/api/uploads/${world.openedImageKey}`, headers: owner }, 200, {
      withCsp: false,
    });
    for (const [what, headers, options] of kinds) {
      expect(headerSet(headers, options), what).toEqual(headerSet(reference.headers, options));
    }
    // Documents: every page, found or not, carries the same whole set.
    const notFoundPage = await ctx.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(notFoundPage.statusCode).toBe(404);
    expect(headerSet(notFoundPage.headers), 'not-found page').toEqual(headerSet(page.headers));
    // A built script is never a document: the headers only documents obey are left off, the rest
    // (nosniff, the resource and referrer policies) are the same.
    const script = kinds.find(([what]) => what === 'built script')![1];
    for (const name of DOCUMENT_ONLY_HEADERS) expect(script[name], name).toBeUndefined();
    expect(script['x-content-type-options']).toBe('nosniff');
    expect(script['cross-origin-resource-policy']).toBe('same-origin');
    const upload = kinds.find(([what]) => what === 'uploaded image')![1];
    // Uploads keep their own, stricter CSP: nothing in an image may run or load anything.
    expect(upload['content-security-policy']).toBe("default-src 'none'; sandbox");

    // The live channel writes its own head (an endless stream): it carries the same set.
    for (const cookie of [undefined, world.owner.cookie]) {
      const live = await liveHeaders(cookie);
      expect(live.status).toBe(200);
      expect(live.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(headerSet(live.headers), `live channel ${cookie ? 'signed in' : 'visitor'}`).toEqual(expected);
      expect(live.headers['cache-control']).toMatch(/\bno-store\b/);
    }

    // Requests Node's parser refuses never reach Fastify: the raw answer carries the set too.
    const tooLarge = await rawExchange(
      `GET /api/auth/user HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(tooLarge.status).toBe(431);
    expect(headerSet(tooLarge.headers), 'parser error').toEqual(expected);
    expect(tooLarge.headers['cache-control']).toBe('no-store');
  });

  /** Answers that caches may keep, and how; every other answer says `no-store`. */
  const CACHEABLE: Record<string, string> = {
    // A placeholder poster never changes for its id.
    'GET /api/catalog/posters/:kind/:file': 'public, max-age=31536000, immutable',
    // A Shro's preview image changes with its state: kept briefly, then revalidated with its ETag.
    'GET /api/sessions/:id/preview.png': 'public, max-age=300',
    // Upload keys are never reused; `private` keeps shared caches from serving a hidden image.
    'GET /api/uploads/:key': 'private, max-age=31536000, immutable',
    // The API reference page's script and styles: public, and only as fresh as the installed version.
    'GET /api/docs/:file': 'public, max-age=3600',
  };

  it('every API answer says Cache-Control: no-store unless its route opts in (every route, every role, errors too)', async () => {
    // The stand-in web build's files are routes here too: they are checked on their own below.
    const routes = collectRoutes(ctx.app).filter((route) => /^\S+ \/(api\/|healthz$|readyz$)/.test(route));
    let answers = 0;
    for (const route of routes) {
      const routeScenarios = scenarios.filter((s) => s.route === route);
      expect(routeScenarios.length, `no matrix scenario for ${route}`).toBeGreaterThan(0);
      // Event streams never end: the live channel's head is checked above.
      if (routeScenarios.some((s) => s.stream)) continue;
      for (const scenario of routeScenarios) {
        let world = await buildWorld(ctx);
        await scenario.setup?.(ctx, world);
        for (const role of ROLES) {
          if (scenario.fresh && role !== ROLES[0]) {
            world = await buildWorld(ctx);
            await scenario.setup?.(ctx, world);
          }
          const member = memberOf(world, role);
          const request = await scenario.request({ ctx, world, role, cookie: member ? { cookie: member.cookie } : {} });
          const response = await ctx.app.inject(request);
          const what = `${route} (${scenario.name}) as ${role} → ${response.statusCode}`;
          const opted = response.statusCode < 300 ? CACHEABLE[route] : undefined;
          expect(response.headers['cache-control'], what).toBe(opted ?? 'no-store');
          answers++;
        }
      }
    }
    console.log(`cache-control: ${answers} answers across ${routes.length} routes checked`);
    recordFigure('cacheControl', { answers, routes: routes.length, cacheable: Object.keys(CACHEABLE).length });
  });

  it('pages are revalidated and fingerprinted assets are kept for good, also when the browser revalidates', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const revalidated = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'if-none-match': String(asset.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('HSTS and Secure cookies only when SECURE_COOKIES=true', async () => {
    const secure = await createTestApp({ ...withoutRateLimits, secureCookies: true });
    try {
      await createUser(secure, { username: 'hsts_user', signedIn: false });
      const login = await secure.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'hsts_user', password: TEST_PASSWORD },
      });
      expect(login.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      // Over HTTPS a page's violations also go through the Reporting API (report-to + Reporting-Endpoints).
      const page = await secure.app.inject({ method: 'GET', url: '/' });
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      const directives = directivesOf(page.headers['content-security-policy']);
      expect(directives['report-uri']).toEqual(['/api/csp-report']);
      expect(directives['report-to']).toEqual(['csp-endpoint']);
      expect(page.headers['reporting-endpoints']).toBe('csp-endpoint="/api/csp-report"');
      // Data is never a document: no reporting endpoint, its CSP refuses everything.
      expect(login.headers['reporting-endpoints']).toBeUndefined();
      expect(login.headers['content-security-policy']).toBe(DATA_CSP);
      const cookie = login.cookies.find((c) => c.name === 'shro_sid')!;
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    } finally {
      await secure.close();
    }
    await createUser(ctx, { username: 'plain_user', signedIn: false });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'plain_user', password: TEST_PASSWORD },
    });
    const cookie = login.cookies.find((c) => c.name === 'shro_sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
  });
});

describe('in Chromium: CSP violations reach the report endpoint; the permissions policy holds', () => {
  const lines: string[] = [];
  let reportWebDist: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    // A page whose inline script the CSP blocks: the browser reports it by itself.
    reportWebDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-web-csp-'));
    fs.writeFileSync(
      path.join(reportWebDist, 'index.html'),
      '<!doctype html><html><head><title>Shro</title><!--server-meta--></head><body><p>csp</p><script>window.inlineRan = 1</script></body></html>',
    );
    const created = await createTestDatabase();
    drop = created.drop;
    const base = loadConfig({ ...process.env, DATA_DIR: ':memory:', NODE_ENV: 'test' });
    app = await buildApp({
      config: { ...base, logLevel: 'warn', webDist: reportWebDist, databaseUrl: undefined, redisUrl: undefined },
      database: created.database,
      closeDatabase: false,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    fs.rmSync(reportWebDist, { recursive: true, force: true });
  });

  it('a blocked inline script is reported by the browser itself (report-uri, same-origin, past the CSRF check) and logged', async () => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const page = await browser.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') consoleErrors.push(message.text());
      });
      const response = await page.goto(`${url}/login?next=/secret`);
      expect(response?.status()).toBe(200);
      expect(await page.evaluate(() => (window as unknown as { inlineRan?: number }).inlineRan)).toBeUndefined();

      const reported = () =>
        lines
          .map((line) => JSON.parse(line) as { msg: string; cspViolation?: Record<string, unknown> })
          .filter((entry) => entry.msg === 'CSP violation');
      const deadline = Date.now() + 15_000;
      while (reported().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(reported()[0]?.cspViolation).toMatchObject({
        documentUrl: `${url}/login`,
        blockedUrl: 'inline',
        directive: 'script-src-elem',
        disposition: 'enforce',
      });

      // What the app does not use is off for the page; what it uses stays on.
      const features = await page.evaluate(() => {
        const policy = (document as unknown as { featurePolicy: { allowsFeature(name: string): boolean } })
          .featurePolicy;
        return Object.fromEntries(
          ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'fullscreen', 'clipboard-write'].map((name) => [
            name,
            policy.allowsFeature(name),
          ]),
        );
      });
      expect(features).toEqual({
        camera: false,
        microphone: false,
        geolocation: false,
        payment: false,
        usb: false,
        fullscreen: false,
        'clipboard-write': true,
      });
      // Every feature name in the header is one Chromium knows (an unknown one is a console error).
      expect(consoleErrors.filter((text) => /permissions.policy|feature/i.test(text))).toEqual([]);
      console.log(
        `csp report: Chromium's report of a blocked inline script logged as ${JSON.stringify(reported()[0])}`,
      );
    } finally {
      await browser.close();
    }
  });
});

describe('no user enumeration', () => {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('login answers the same status and message, in about the same time, for an unknown user and a wrong password', async () => {
    await createUser(ctx, { username: 'known_person', signedIn: false });
    const attempt = async (username: string) => {
      const start = performance.now();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: 'wrong-password' },
      });
      return { ms: performance.now() - start, status: response.statusCode, body: response.body };
    };
    // Warm both paths, then alternate so drift hits both alike.
    await attempt('known_person');
    await attempt('nobody_by_this_name');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 10; i++) {
      const a = await attempt('known_person');
      const b = await attempt(`nobody_${i}_here`);
      expect(a.status).toBe(401);
      expect(b.status).toBe(401);
      expect(a.body).toBe(JSON.stringify({ message: INVALID_CREDENTIALS_MESSAGE, code: 'auth.invalidCredentials' }));
      expect(b.body).toBe(a.body);
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const ratio = median(known) / median(unknown);
    console.log(
      `login timing: wrong password median ${median(known).toFixed(1)} ms, unknown user ${median(unknown).toFixed(1)} ms (ratio ${ratio.toFixed(2)})`,
    );
    // Both verify an argon2 hash; without the dummy hash an unknown user would answer far sooner.
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it('register reveals only that a username is taken (any case), never that an email is known', async () => {
    const register = (username: string, email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username, email, password: 'secret123', confirmPassword: 'secret123', acceptTerms: true },
      });
    expect((await register('Taken_Name', 'first@example.com')).statusCode).toBe(201);
    const again = await register('taken_name', 'other@example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: USERNAME_TAKEN_MESSAGE, code: expect.any(String) });
    // The same email on another account: no "email already registered" oracle.
    const sameEmail = await register('someone_else', 'first@example.com');
    expect(sameEmail.statusCode).toBe(201);
    expect(sameEmail.body.toLowerCase()).not.toContain('already');
  });
});

describe('auth sessions', () => {
  it('a cookie set before login (planted or stale) is replaced and dies; the new one is different', async () => {
    const victim = await createUser(ctx, { username: 'fixation_victim', signedIn: false });
    const attacker = await createUser(ctx, { username: 'fixation_attacker', signedIn: false });
    // The attacker signs in and plants their own cookie in the victim's browser.
    const planted = cookieFrom(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: attacker.username, password: TEST_PASSWORD },
      }),
    );
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: planted },
      payload: { username: victim.username, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const fresh = cookieFrom(login);
    expect(fresh).not.toBe(planted);
    // The planted token no longer works at all, and the new one is the victim's.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: planted } })).statusCode,
    ).toBe(401);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: fresh } });
    expect(me.json().id).toBe(victim.id);

    // A made-up cookie value is never adopted either.
    const forged = 'shro_sid=attacker-chosen-value';
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: forged },
      payload: { username: victim.username, password: TEST_PASSWORD },
    });
    expect(cookieFrom(again)).not.toContain('attacker-chosen-value');
  });

  it('logout ends the session on the server: a replayed cookie is refused and its row is gone', async () => {
    const user = await createUser(ctx, { username: 'logout_user', signedIn: false });
    const cookie = cookieFrom(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password: TEST_PASSWORD },
      }),
    );
    // Warm any per-instance cache of the session first.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    const sessionsBefore = (await ctx.database.db.select().from(authSessions)).filter((s) => s.userId === user.id);
    expect(sessionsBefore).toHaveLength(1);

    const logout = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === 'shro_sid')?.value).toBe('');

    // A copy of the cookie kept by an attacker (or another tab) is dead.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { cookie },
      payload: { title: 'x', type: 'text', isShareable: true, textOptions: [{ content: 'a' }, { content: 'b' }] },
    });
    expect(write.statusCode).toBe(401);
    const sessionsAfter = (await ctx.database.db.select().from(authSessions)).filter((s) => s.userId === user.id);
    expect(sessionsAfter).toHaveLength(0);
  });
});
