import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { type AppConfig, loadConfig } from '../../server/config';
import { messages, notifications, uploads } from '../../server/db/schema/index';
import { newUploadKey } from '../../server/features/uploads/storage';
import { befriend, createShro, createUser, png, TEST_PASSWORD } from '../../server/test/factories';
import { multipart } from '../../server/test/multipart';
import { createTestApp, type TestContext } from '../../server/test/test-app';
import { recordFigure } from '../support/figures';
import { PrivateRedis } from '../support/redis-server';
import { collectRoutes } from '../support/routes';
import { buildWorld } from '../support/world';
import { memberOf, scenarios } from './authorization-rows';
import { SIGNED_BY_AUTHENTICATOR } from './authorization-rows-passkeys';

const base = loadConfig().rateLimits;
const WRITES = 3;

/**
 * Write routes that do not count against the per-user write budget, and why. Every other write
 * route must answer 429 once the budget is spent: a new write route fails this suite until it
 * is limited or listed here.
 */
const NOT_WRITE_LIMITED: Record<string, string> = {
  'POST /api/login': 'own limiter: failed logins per username and per IP',
  'POST /api/register': 'own limiter: registrations per IP',
  'POST /api/auth/password-reset': 'own limiters: requests per IP and per username or email asked for; visitors',
  'POST /api/auth/password-reset/confirm': 'a visitor route: a bad token counts as a failed login from the address',
  'POST /api/logout': 'signing out must always work',
  'POST /api/auth/passkeys/authentication/options':
    'a visitor route, as signing in is: counted as a read per user and per IP (RATE_LIMIT_READS_PER_*)',
  'POST /api/auth/passkeys/authentication/verify':
    'a visitor route: a failed answer counts as a failed login from the address',
  'POST /api/analytics': 'own limiter: batches per user or IP (RATE_LIMIT_ANALYTICS_PER_CLIENT)',
  'POST /api/csp-report':
    'own limiter: reports per IP (RATE_LIMIT_CSP_REPORTS_PER_IP), counted before the body is read; writes nothing, only logs',
  'PATCH /api/notifications/read-all': "marks the caller's own rows read: idempotent, no fan-out",
  'PATCH /api/notifications/:id/read': "marks one of the caller's own rows read: idempotent, no fan-out",
  'POST /api/chat/:userId/read':
    "marks the caller's own received messages read: idempotent; publishes only on a change (once per message the friend sent, under their budget)",
};

function expect429(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(429);
  expect(Number(response.headers['retry-after']), what).toBeGreaterThan(0);
  expect(Object.keys(response.json()), what).toEqual(['message', 'code']);
}

describe('rate limits on one instance', () => {
  let ctx: TestContext;
  /** The same database behind a second instance without limits, for building test data. */
  let builder: TestContext;
  beforeAll(async () => {
    // Per-instance counters here (a shared Redis would carry counts over from other runs).
    ctx = await createTestApp({
      redisUrl: undefined,
      rateLimits: {
        ...base,
        writesPerUser: WRITES,
        loginFailuresPerUsername: 3,
        loginFailuresPerIp: 5,
        registrationsPerIp: 3,
      },
    });
    const unlimited = await buildApp({
      config: { ...ctx.app.config, rateLimits: { ...base, writesPerUser: 1_000_000, writesPerIp: 1_000_000 } },
      database: ctx.database,
      closeDatabase: false,
    });
    await unlimited.ready();
    builder = { ...ctx, app: unlimited, close: () => unlimited.close() };
  });
  afterAll(async () => {
    await builder?.close();
    await ctx?.close();
  });

  it('every write route answers 429 with Retry-After once the user has spent their write budget', async () => {
    const routes = collectRoutes(ctx.app).filter((r) => /^(POST|PUT|PATCH|DELETE) /.test(r));
    const limited: string[] = [];
    for (const route of routes.filter((r) => !(r in NOT_WRITE_LIMITED))) {
      // A route only an authenticator's signature makes succeed: its refusal, which the budget comes before.
      const signed = route in SIGNED_BY_AUTHENTICATOR;
      const scenario = scenarios.find(
        (s) =>
          s.route === route &&
          (signed ||
            (['owner', 'friend', 'stranger', 'moderator'] as const).some((r) =>
              [s.expect[r]].flat().some((st) => st < 300),
            )),
      );
      expect(scenario, `no matrix scenario for ${route}`).toBeDefined();
      const role = signed
        ? 'owner'
        : (['owner', 'friend', 'stranger', 'moderator'] as const).find((r) =>
            [scenario!.expect[r]].flat().some((st) => st < 300),
          )!;
      const world = await buildWorld(builder);
      await scenario!.setup?.(builder, world);
      const member = memberOf(world, role)!;
      // Spend the budget with cheap writes of another kind (the budget is per user, across routes).
      for (let i = 0; i < WRITES; i++) {
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/auth/username',
          headers: { cookie: member.cookie },
          payload: { username: `${role}_${i}_${member.id.slice(0, 8)}` },
        });
      }
      const request = await scenario!.request({ ctx, world, role, cookie: { cookie: member.cookie } });
      expect429(await ctx.app.inject(request), route);
      limited.push(route);
    }
    recordFigure('writeLimits', { limitedRoutes: limited.length, exempt: Object.keys(NOT_WRITE_LIMITED).length });
    // The exemptions name real routes only.
    for (const route of Object.keys(NOT_WRITE_LIMITED)) expect(routes).toContain(route);
  });

  it('the game, friends, chat and uploads hit the limit in real use: create, select, react, request, chat, picture', async () => {
    const creator = await createUser(ctx);
    const creates: number[] = [];
    for (let i = 0; i <= WRITES; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { cookie: creator.cookie },
        payload: { title: `t${i}`, type: 'text', isShareable: true, textOptions: [{ content: 'a' }, { content: 'b' }] },
      });
      creates.push(response.statusCode);
      if (i === WRITES) expect429(response, 'create');
    }
    expect(creates).toEqual([201, 201, 201, 429]);

    // Selecting and reacting share one budget per user.
    const shro = await createShro(builder, (await createUser(ctx)).cookie, {
      title: 'open me',
      isShareable: true,
    });
    const picker = await createUser(ctx);
    const pick = (boxId: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/sessions/${shro.id}/select`,
        headers: { cookie: picker.cookie },
        payload: { boxId },
      });
    const react = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/sessions/${shro.id}/react`,
        headers: { cookie: picker.cookie },
        payload: { emoji: '🔥' },
      });
    expect((await pick(shro.boxes[0]!.id)).statusCode).toBe(200);
    expect((await react()).statusCode).toBe(200);
    expect((await react()).statusCode).toBe(200);
    expect429(await react(), 'react');

    // Friend requests to many people.
    const asker = await createUser(ctx);
    const targets = await Promise.all(Array.from({ length: WRITES + 1 }, () => createUser(ctx)));
    const asks = [];
    for (const target of targets) {
      asks.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/friends/request',
          headers: { cookie: asker.cookie },
          payload: { friendId: target.id },
        }),
      );
    }
    expect(asks.map((r) => r.statusCode)).toEqual([201, 201, 201, 429]);

    // Chat to a friend.
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    await befriend(ctx, a, b);
    const sends = [];
    for (let i = 0; i <= WRITES; i++) {
      sends.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/chat/send',
          headers: { cookie: a.cookie },
          payload: { recipientId: b.id, content: `m${i}` },
        }),
      );
    }
    expect(sends.map((r) => r.statusCode)).toEqual([201, 201, 201, 429]);

    // Picture uploads (each is decoded and re-encoded: the costliest write there is).
    const uploader = await createUser(ctx);
    const uploads = [];
    for (let i = 0; i <= WRITES; i++) {
      const form = await multipart({}, [
        { field: 'profileImage', data: await png(48, 48, { r: i, g: 0, b: 0 }), filename: 'a.png', type: 'image/png' },
      ]);
      uploads.push(
        await ctx.app.inject({
          method: 'PATCH',
          url: '/api/profile',
          headers: { ...form.headers, cookie: uploader.cookie },
          payload: form.payload,
        }),
      );
    }
    expect(uploads.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
  });

  it('failed logins: per username, then per IP; a success is not counted', async () => {
    const user = await createUser(ctx, { username: 'brute_target', signedIn: false });
    const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
      ctx.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username, password } });
    expect((await login(user.username, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(user.username, 'wrong')).statusCode).toBe(401);
    // Locked: even the right password waits (the attacker cannot tell when they hit it).
    expect429(await login(user.username, TEST_PASSWORD), 'login per username');
    // From another address, other usernames: the per-IP budget (5) runs out too.
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(`nobody_${i}`, 'wrong', '10.0.0.2')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('registrations per IP', async () => {
    const register = (i: number, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress,
        payload: {
          username: `reg_limit_${remoteAddress.replaceAll('.', '')}_${i}`,
          email: `r${i}@example.com`,
          password: 'secret123',
          confirmPassword: 'secret123',
          acceptTerms: true,
        },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await register(i, '10.0.1.1')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect429(await register(9, '10.0.1.1'), 'register');
  });

  it('a spoofed X-Forwarded-For never resets a limit when no trusted proxy is configured', async () => {
    const statuses = [];
    for (let i = 0; i < 8; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '10.0.2.2',
        headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}` },
        payload: {
          username: `spoof_${i}`,
          email: `s${i}@example.com`,
          password: 'secret123',
          confirmPassword: 'secret123',
          acceptTerms: true,
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
  });

  it('with TRUST_PROXY set, the client address comes from X-Forwarded-For (as documented)', async () => {
    const proxied = await createTestApp({
      redisUrl: undefined,
      trustProxy: true,
      rateLimits: { ...base, registrationsPerIp: 1 },
    });
    try {
      const register = (i: number, forwardedFor: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/register',
          remoteAddress: '10.0.3.3',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: {
            username: `proxied_${i}`,
            email: `p${i}@example.com`,
            password: 'secret123',
            confirmPassword: 'secret123',
            acceptTerms: true,
          },
        });
      expect((await register(0, '203.0.113.1')).statusCode).toBe(201);
      expect((await register(1, '203.0.113.1')).statusCode).toBe(429);
      expect((await register(2, '203.0.113.2')).statusCode).toBe(201);
    } finally {
      await proxied.close();
    }
  });

  it('with TRUST_PROXY naming the proxy, a client cannot choose its address by forging X-Forwarded-For', async () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback']);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    const proxied = await createTestApp({
      redisUrl: undefined,
      trustProxy: loadConfig({ TRUST_PROXY: '10.0.3.3' }).trustProxy,
      rateLimits: { ...base, registrationsPerIp: 1 },
    });
    try {
      // The proxy appends the address it saw (203.0.113.9) to whatever the client sent.
      const register = (i: number, forged: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/register',
          remoteAddress: '10.0.3.3',
          headers: { 'x-forwarded-for': `${forged}, 203.0.113.9` },
          payload: {
            username: `hop_${i}`,
            email: `h${i}@example.com`,
            password: 'secret123',
            confirmPassword: 'secret123',
            acceptTerms: true,
          },
        });
      expect((await register(0, '198.51.100.1')).statusCode).toBe(201);
      expect((await register(1, '198.51.100.2')).statusCode).toBe(429);
      expect((await register(2, '198.51.100.3')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('body, multipart and page-size limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ redisUrl: undefined, rateLimits: { ...base, writesPerUser: 1_000_000 } });
  });
  afterAll(() => ctx?.close());

  const as = (cookie: string, request: InjectOptions) =>
    ctx.app.inject({ ...request, headers: { ...(request.headers as Record<string, string>), cookie } });

  it('a JSON body over 1 MB → 413 {message}', async () => {
    const user = await createUser(ctx);
    const big = JSON.stringify({ recipientId: user.id, content: 'x'.repeat(1024 * 1024 + 10) });
    for (const url of ['/api/chat/send', '/api/sessions', '/api/login']) {
      const response = await as(user.cookie, {
        method: 'POST',
        url,
        payload: big,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, url).toBe(413);
      expect(Object.keys(response.json())).toEqual(['message', 'code']);
    }
  });

  it('multipart: a file over 5 MB → 413, more than 4 images or 60 parts → 400, a 300 KB text field → 400', async () => {
    const user = await createUser(ctx);
    const post = async (fields: Parameters<typeof multipart>[0], files: Parameters<typeof multipart>[1] = []) => {
      const form = await multipart(fields, files);
      return as(user.cookie, { method: 'POST', url: '/api/sessions', payload: form.payload, headers: form.headers });
    };
    const fields = { title: 'Big', type: 'image', isShareable: 'true' };
    const huge = Buffer.concat([await png(48, 48, { r: 1, g: 1, b: 1 }), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const tooBig = await post(fields, [{ field: 'images', data: huge, filename: 'a.png', type: 'image/png' }]);
    expect(tooBig.statusCode).toBe(413);
    expect(Object.keys(tooBig.json())).toEqual(['message', 'code']);

    const small = await png(48, 48, { r: 5, g: 5, b: 5 });
    const five = Array.from({ length: 5 }, (_, i) => ({
      field: 'images',
      data: small,
      filename: `${i}.png`,
      type: 'image/png',
    }));
    expect((await post(fields, five)).statusCode).toBe(400);

    const manyParts = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`f${i}`, 'x']));
    expect((await post({ ...fields, ...manyParts })).statusCode).toBe(400);
    expect((await post({ ...fields, title: 'x'.repeat(300 * 1024) })).statusCode).toBe(400);

    // The profile picture has the same 5 MB cap.
    const form = await multipart({}, [{ field: 'profileImage', data: huge, filename: 'a.png', type: 'image/png' }]);
    const avatar = await as(user.cookie, {
      method: 'PATCH',
      url: '/api/profile',
      payload: form.payload,
      headers: form.headers,
    });
    expect(avatar.statusCode).toBe(413);
  });

  it('page sizes are capped: history 50, explore 50 and page 500, friend search 20, notifications 100, chat 200, online status 100 ids', async () => {
    const user = await createUser(ctx);
    const get = (url: string) => as(user.cookie, { method: 'GET', url });
    expect((await get('/api/sessions?pageSize=50')).statusCode).toBe(200);
    expect((await get('/api/sessions?pageSize=51')).statusCode).toBe(400);
    expect((await get('/api/explore?pageSize=50')).statusCode).toBe(200);
    expect((await get('/api/explore?pageSize=51')).statusCode).toBe(400);
    expect((await get('/api/explore?page=501')).statusCode).toBe(400);
    expect((await get('/api/explore/trending?pageSize=1000')).statusCode).toBe(400);
    expect((await get('/api/explore/search?q=abc&pageSize=1000')).statusCode).toBe(400);

    const friend = await createUser(ctx);
    await befriend(ctx, user, friend);
    await ctx.database.db
      .insert(notifications)
      .values(
        Array.from({ length: 150 }, (_, i) => ({ userId: user.id, type: 'reaction', title: `n${i}`, message: 'm' })),
      );
    expect((await get('/api/notifications')).json()).toHaveLength(100);
    await ctx.database.db
      .insert(messages)
      .values(Array.from({ length: 250 }, (_, i) => ({ senderId: friend.id, recipientId: user.id, content: `c${i}` })));
    expect((await get(`/api/chat/${friend.id}`)).json()).toHaveLength(200);
    const ids = Array.from({ length: 101 }, (_, i) => `id${i}`).join(',');
    expect((await get(`/api/users/online-status?userIds=${ids}`)).statusCode).toBe(400);

    await Promise.all(
      Array.from({ length: 25 }, (_, i) => createUser(ctx, { username: `findme_${i}`, signedIn: false })),
    );
    const found = await get('/api/friends/search?q=findme');
    expect(found.statusCode).toBe(200);
    expect(found.json().length).toBeLessThanOrEqual(20);
  });
});

describe('upload cost: upload slots per user and the image storage quota (default settings)', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp({ redisUrl: undefined, rateLimits: { ...base, writesPerUser: 1_000_000 } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx?.close());

  /** A real upload that sends `sentBytes` of its body (all of it by default) and waits for the answer. */
  const upload = (cookie: string, form: { payload: Buffer; headers: Record<string, string> }, sentBytes?: number) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/sessions',
      method: 'POST',
      agent: false,
      headers: { ...form.headers, cookie, 'content-length': String(form.payload.length) },
    });
    const answer = new Promise<{ status: number; retryAfter?: string; body: string }>((resolve, reject) => {
      request.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'], body }));
      });
      request.on('error', reject);
    });
    answer.catch(() => {});
    if (sentBytes === undefined) request.end(form.payload);
    else request.write(form.payload.subarray(0, sentBytes));
    return { answer, close: () => request.destroy() };
  };

  it('a third upload at once → 429 with Retry-After; a full quota → 413 before the images are read', async () => {
    const config = ctx.app.config;
    const member = await createUser(ctx);
    const image = {
      field: 'images',
      data: await png(48, 48, { r: 9, g: 9, b: 9 }),
      filename: 'a.png',
      type: 'image/png',
    };
    const form = await multipart({ title: 'Two', type: 'image', isShareable: 'true' }, [image, image]);
    const held = [upload(member.cookie, form, 64), upload(member.cookie, form, 64)];
    await expect.poll(() => ctx.app.uploadGate.inFlight(member.id)).toBe(config.uploadMaxConcurrentPerUser);
    const busy = await upload(member.cookie, form).answer;
    expect(busy.status, busy.body).toBe(429);
    expect(Number(busy.retryAfter)).toBeGreaterThan(0);
    expect(Object.keys(JSON.parse(busy.body))).toEqual(['message', 'code']);
    for (const h of held) h.close();
    await expect.poll(() => ctx.app.uploadGate.inFlight(member.id)).toBe(0);

    await ctx.database.db.insert(uploads).values({
      key: newUploadKey(),
      ownerId: member.id,
      kind: 'box',
      contentType: 'image/webp',
      width: 1,
      height: 1,
      byteSize: config.uploadQuotaBytesPerUser,
    });
    const partial = upload(member.cookie, form, 64);
    const full = await partial.answer;
    partial.close();
    expect(full.status, full.body).toBe(413);
    expect(JSON.parse(full.body)).toEqual({
      message: `You have used your ${config.uploadQuotaBytesPerUser / 1024 / 1024} MB of image storage. Delete some Shros to upload more.`,
      code: expect.any(String),
    });
    recordFigure('uploadLimits', {
      concurrentUploadsPerUser: config.uploadMaxConcurrentPerUser,
      quotaMegabytesPerUser: config.uploadQuotaBytesPerUser / 1024 / 1024,
      imageWorkConcurrency: config.imageWorkConcurrency,
    });
  });
});

async function redisUp(apps: FastifyInstance[]) {
  const answers = await Promise.all(apps.map((app) => app.redis!.ping().catch(() => 'down')));
  return answers.every((answer) => answer === 'PONG');
}

describe('limits shared through Redis by several instances', () => {
  let redis: PrivateRedis;
  let ctx: TestContext;
  let second: FastifyInstance;
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    const limits = { ...base, writesPerUser: 4, loginFailuresPerUsername: 4 };
    ctx = await createTestApp({ redisUrl: redis.url, rateLimits: limits });
    // A second instance on the same database and the same Redis, as behind a load balancer.
    const config: AppConfig = { ...ctx.app.config, redisUrl: redis.url, rateLimits: limits };
    second = await buildApp({ config, database: ctx.database, closeDatabase: false });
    await second.ready();
    // Until a client has connected, each instance counts on its own (the fallback); wait for both.
    const deadline = Date.now() + 10_000;
    while (!(await redisUp([ctx.app, second]))) {
      if (Date.now() > deadline) throw new Error('the instances never reached the private Redis');
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
    await redis?.stop();
  });

  const chat = (app: FastifyInstance, from: { cookie: string }, to: { id: string }, content: string) =>
    app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers: { cookie: from.cookie },
      payload: { recipientId: to.id, content },
    });

  it('write counts add up across instances', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    await befriend(ctx, a, b);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await chat(i % 2 ? second : ctx.app, a, b, `m${i}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    expect((await chat(ctx.app, a, b, 'again')).statusCode).toBe(429);
  });

  it('failed logins add up across instances', async () => {
    const user = await createUser(ctx, { username: 'shared_brute', signedIn: false });
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 ? second : ctx.app;
      statuses.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { username: user.username, password: 'wrong' },
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('logout on one instance is honoured at once by the other (no cached session survives)', async () => {
    const user = await createUser(ctx, { username: 'two_instance_logout', signedIn: false });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    const cookie = `shro_sid=${login.cookies.find((c) => c.name === 'shro_sid')!.value}`;
    // Both instances have now seen (and may cache) the session.
    expect((await second.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode).toBe(200);
    await expect
      .poll(
        async () => (await second.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode,
        { timeout: 2000, interval: 50 },
      )
      .toBe(401);
  });

  it('with Redis down, requests still succeed and each instance counts on its own; when Redis returns it is used again', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    await befriend(ctx, a, b);
    await redis.stop();
    try {
      // Per instance: 4 on the first, then 429 there; the second still has its own 4.
      const first = [];
      for (let i = 0; i < 5; i++) first.push((await chat(ctx.app, a, b, `down${i}`)).statusCode);
      expect(first).toEqual([201, 201, 201, 201, 429]);
      expect((await chat(second, a, b, 'other instance')).statusCode).toBe(201);
      // Logins and reads keep working without Redis.
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: a.cookie } })).statusCode,
      ).toBe(200);
    } finally {
      await redis.restart();
    }
    // Back to shared counting once the clients have reconnected.
    const c = await createUser(ctx);
    await befriend(ctx, c, b);
    await expect
      .poll(
        async () =>
          (await ctx.app.redis!.ping().catch(() => 'down')) === 'PONG' &&
          (await second.redis!.ping().catch(() => 'down')) === 'PONG',
        {
          timeout: 10_000,
          interval: 200,
        },
      )
      .toBe(true);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await chat(i % 2 ? second : ctx.app, c, b, `back${i}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
  });
});
