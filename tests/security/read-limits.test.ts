import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { type AppConfig, loadConfig } from '../../server/config';
import { createUser, type SignedInUser } from '../../server/test/factories';
import { createTestApp, type TestContext } from '../../server/test/test-app';
import { recordFigure } from '../support/figures';
import { PrivateRedis } from '../support/redis-server';
import { collectRoutes } from '../support/routes';

const base = loadConfig().rateLimits;

/**
 * The reads that cost the most and can be repeated at will: search, explore, public profiles and
 * friend search. Each counts against the caller's read budget (per user when signed in) and the
 * budget of their IP address.
 */
const READ_LIMITED: Record<string, (target: SignedInUser) => string> = {
  'GET /api/explore': () => '/api/explore',
  'GET /api/explore/trending': () => '/api/explore/trending',
  'GET /api/explore/search': () => '/api/explore/search?q=pizza&hashtag=pizza',
  'GET /api/users/profile/:username': (t) => `/api/users/profile/${t.username}`,
  'GET /api/users/stats/:id': (t) => `/api/users/stats/${t.id}`,
  'GET /api/users/achievements/:id': (t) => `/api/users/achievements/${t.id}`,
  'GET /api/friends/search': () => '/api/friends/search?q=someone',
  'GET /api/tmdb/search/:kind': () => '/api/tmdb/search/movie?query=matrix',
};

function expect429(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(429);
  expect(Number(response.headers['retry-after']), what).toBeGreaterThan(0);
  expect(response.json(), what).toEqual({ message: expect.any(String), code: expect.any(String) });
}

describe('read budgets on one instance', () => {
  const READS_PER_USER = 4;
  const READS_PER_IP = 6;
  let ctx: TestContext;
  let target: SignedInUser;
  beforeAll(async () => {
    ctx = await createTestApp({
      redisUrl: undefined,
      rateLimits: { ...base, readsPerUser: READS_PER_USER, readsPerIp: READS_PER_IP, readWindowSeconds: 60 },
    });
    target = await createUser(ctx);
  });
  afterAll(() => ctx?.close());

  const read = (url: string, remoteAddress: string, member?: SignedInUser): Promise<LightMyRequestResponse> =>
    ctx.app.inject({
      method: 'GET',
      url,
      remoteAddress,
      headers: member ? { cookie: member.cookie } : {},
    } satisfies InjectOptions);

  it('lists only real routes', () => {
    const routes = collectRoutes(ctx.app);
    for (const route of Object.keys(READ_LIMITED)) expect(routes).toContain(route);
  });

  it('every limited read answers 429 with Retry-After once the user has spent their read budget', async () => {
    const routes = Object.entries(READ_LIMITED);
    for (const [index, [route, urlOf]] of routes.entries()) {
      // A fresh user on a fresh address each time, so only the per-user budget is in play.
      const ip = `10.20.${index}.1`;
      const reader = await createUser(ctx);
      expect((await read(urlOf(target), ip, reader)).statusCode, route).toBe(200);
      // The budget is shared across the limited routes: spend the rest on explore.
      for (let i = 1; i < READS_PER_USER; i++) expect((await read('/api/explore', ip, reader)).statusCode).toBe(200);
      expect429(await read(urlOf(target), ip, reader), route);
      // Another user elsewhere is not affected.
      expect((await read(urlOf(target), `10.21.${index}.1`, await createUser(ctx))).statusCode, route).toBe(200);
    }
    recordFigure('readLimits', { limitedRoutes: routes.length, perUser: READS_PER_USER, perIp: READS_PER_IP });
  });

  it('accounts on one IP share its read budget, and visitors are counted per IP', async () => {
    const ip = '10.30.0.1';
    const accounts = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    // Two reads each: every account stays under its own budget (4), the address reaches its 6.
    for (const account of accounts) {
      for (let i = 0; i < 2; i++) expect((await read('/api/explore/trending', ip, account)).statusCode).toBe(200);
    }
    expect429(await read('/api/explore', ip, await createUser(ctx)), 'a fourth account on the same IP');
    expect429(await read(`/api/users/profile/${target.username}`, ip), 'a visitor on the same IP');
    // The same accounts from another address are still served.
    expect((await read('/api/explore', '10.30.0.2', accounts[0])).statusCode).toBe(200);

    // Visitors alone: public profile reads per IP.
    const visitorIp = '10.31.0.1';
    const statuses = [];
    for (let i = 0; i <= READS_PER_IP; i++) {
      statuses.push((await read(`/api/users/stats/${target.id}`, visitorIp)).statusCode);
    }
    expect(statuses).toEqual([...Array(READS_PER_IP).fill(200), 429]);
  });

  it('other reads (a Shro, notifications, the own profile) are not counted', async () => {
    const ip = '10.40.0.1';
    const reader = await createUser(ctx);
    for (let i = 0; i < READS_PER_IP + 2; i++) {
      expect((await read('/api/notifications', ip, reader)).statusCode).toBe(200);
      expect((await read('/api/auth/user', ip, reader)).statusCode).toBe(200);
    }
  });
});

describe('per-IP write budget', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      redisUrl: undefined,
      rateLimits: { ...base, writesPerUser: 3, writesPerIp: 5, writeWindowSeconds: 60 },
    });
  });
  afterAll(() => ctx?.close());

  const rename = (member: SignedInUser, i: number, remoteAddress: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/username',
      remoteAddress,
      headers: { cookie: member.cookie },
      payload: { username: `renamed_${i}_${member.id.slice(0, 6)}` },
    });

  it('three accounts on one IP are limited together, each under its own budget', async () => {
    const ip = '10.50.0.1';
    const accounts = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (const account of accounts) statuses.push((await rename(account, round, ip)).statusCode);
    }
    // Six writes, two per account (budget 3 each): the address's five pass, the sixth is refused.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await rename(accounts[0]!, 9, ip);
    expect429(refused, 'per-IP write budget');
    // The refused rename changed nothing.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: accounts[0]!.cookie } });
    expect(me.json().username).toBe(`renamed_1_${accounts[0]!.id.slice(0, 6)}`);
    // Another of them from another address still writes (its own budget has one left).
    expect((await rename(accounts[1]!, 7, '10.50.0.2')).statusCode).toBe(200);
  });
});

describe('read budgets shared through Redis by several instances', () => {
  let redis: PrivateRedis;
  let ctx: TestContext;
  let second: FastifyInstance;
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    const limits = { ...base, readsPerUser: 4, readsPerIp: 1_000, writesPerUser: 1_000, writesPerIp: 3 };
    ctx = await createTestApp({ redisUrl: redis.url, rateLimits: limits });
    const config: AppConfig = { ...ctx.app.config, redisUrl: redis.url, rateLimits: limits };
    second = await buildApp({ config, database: ctx.database, closeDatabase: false });
    await second.ready();
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answers = await Promise.all([ctx.app, second].map((app) => app.redis!.ping().catch(() => 'down')));
      if (answers.every((a) => a === 'PONG')) break;
      if (Date.now() > deadline) throw new Error('the instances never reached the private Redis');
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
    await redis?.stop();
  });

  it('reads per user and writes per IP add up across instances', async () => {
    const reader = await createUser(ctx);
    const reads = [];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 ? second : ctx.app;
      reads.push(
        (await app.inject({ method: 'GET', url: '/api/explore', headers: { cookie: reader.cookie } })).statusCode,
      );
    }
    expect(reads).toEqual([200, 200, 200, 200, 429]);

    const writers = [await createUser(ctx), await createUser(ctx)];
    const writes = [];
    for (let i = 0; i < 4; i++) {
      const app = i % 2 ? second : ctx.app;
      const writer = writers[i % 2]!;
      const response = await app.inject({
        method: 'PUT',
        url: '/api/auth/username',
        remoteAddress: '10.60.0.1',
        headers: { cookie: writer.cookie },
        payload: { username: `shared_${i}_${writer.id.slice(0, 6)}` },
      });
      writes.push(response.statusCode);
    }
    expect(writes).toEqual([200, 200, 200, 429]);
  });
});
