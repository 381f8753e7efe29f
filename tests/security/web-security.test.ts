import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_MESSAGE, USERNAME_TAKEN_MESSAGE } from '../../contract/auth';
import { loadConfig } from '../../server/config';
import { authSessions } from '../../server/db/schema/index';
import { cookieFrom, createTestApp, insertTestUser, TEST_PASSWORD, type TestContext } from '../../server/test/test-app';
import { changedTables, tableChecksum } from '../support/db-checksum';
import { recordFigure } from '../support/figures';
import { collectRoutes } from '../support/routes';
import { buildWorld } from '../support/world';
import { memberOf, scenarios } from './authorization-rows';

const generous = {
  ...loadConfig().rateLimits,
  writesPerUser: 1_000_000,
  registrationsPerIp: 1_000_000,
  loginFailuresPerIp: 1_000_000,
  loginFailuresPerUsername: 1_000_000,
};

let ctx: TestContext;
let writeRoutes: string[];
let webDist: string;
beforeAll(async () => {
  // A stand-in web build, so page responses are checked without running Vite.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Shro</title><!--server-meta--></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  ctx = await createTestApp({ rateLimits: generous, webDist });
  writeRoutes = collectRoutes(ctx.app).filter((route) => /^(POST|PUT|PATCH|DELETE) /.test(route));
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const succeeds = (expected: number | number[]) => [expected].flat().some((status) => status < 300);

/** A signed-in write that would succeed: the first matrix scenario of the route where a signed-in role may call it. */
async function ownerWrite(route: string) {
  for (const scenario of scenarios.filter((s) => s.route === route)) {
    const role = (['owner', 'friend', 'stranger'] as const).find((r) => succeeds(scenario.expect[r]));
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
  expect(Object.keys(response.json() as object)).toEqual(['message']);
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

      // Browsers leave the default port out of Origin; the Host header may carry it.
      const own = await ctx.app.inject(
        withHeaders(request, { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }),
      );
      expect(expected, `${route} from our own origin: ${own.body}`).toContain(own.statusCode);
    }
    console.log(`csrf: ${refused} cross-site or form-typed writes refused across ${writeRoutes.length} write routes`);
    recordFigure('csrf', { refused, writeRoutes: writeRoutes.length });
  });
});

describe('security headers', () => {
  function expectCommonHeaders(headers: Record<string, unknown>) {
    const csp = String(headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBeDefined();
    expect(headers['x-powered-by']).toBeUndefined();
  }

  it('pages carry CSP without inline scripts, nosniff, a referrer policy and frame-ancestors; no HSTS over plain HTTP', async () => {
    for (const url of ['/', '/login', '/session/abc', '/@someone', '/no-such-page']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expectCommonHeaders(response.headers);
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('API answers carry the same headers, errors included', async () => {
    for (const url of ['/api/auth/user', '/api/platform/stats', '/api/no-such-route', '/healthz']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expectCommonHeaders(response.headers);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HSTS and Secure cookies only when SECURE_COOKIES=true', async () => {
    const secure = await createTestApp({ rateLimits: generous, secureCookies: true });
    try {
      await insertTestUser(secure.database, 'hsts_user');
      const login = await secure.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'hsts_user', password: TEST_PASSWORD },
      });
      expect(login.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      const cookie = login.cookies.find((c) => c.name === 'shro_sid')!;
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    } finally {
      await secure.close();
    }
    await insertTestUser(ctx.database, 'plain_user');
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

describe('no user enumeration', () => {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('login answers the same status and message, in about the same time, for an unknown user and a wrong password', async () => {
    await insertTestUser(ctx.database, 'known_person');
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
      expect(a.body).toBe(JSON.stringify({ message: INVALID_CREDENTIALS_MESSAGE }));
      expect(b.body).toBe(a.body);
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const ratio = median(known) / median(unknown);
    console.log(
      `login timing: wrong password median ${median(known).toFixed(1)} ms, unknown user ${median(unknown).toFixed(1)} ms (ratio ${ratio.toFixed(2)})`,
    );
    // Both verify an argon2 hash; without the dummy hash an unknown user would answer ~50× faster.
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it('register reveals only that a username is taken (any case), never that an email is known', async () => {
    const register = (username: string, email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username, email, password: 'secret123', confirmPassword: 'secret123' },
      });
    expect((await register('Taken_Name', 'first@example.com')).statusCode).toBe(201);
    const again = await register('taken_name', 'other@example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: USERNAME_TAKEN_MESSAGE });
    // The same email on another account: no "email already registered" oracle.
    const sameEmail = await register('someone_else', 'first@example.com');
    expect(sameEmail.statusCode).toBe(201);
    expect(sameEmail.body.toLowerCase()).not.toContain('already');
  });
});

describe('auth sessions', () => {
  it('a cookie set before login (planted or stale) is replaced and dies; the new one is different', async () => {
    const victim = await insertTestUser(ctx.database, 'fixation_victim');
    const attacker = await insertTestUser(ctx.database, 'fixation_attacker');
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
    const user = await insertTestUser(ctx.database, 'logout_user');
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
