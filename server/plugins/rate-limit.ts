import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../lib/http-errors';

interface Limiters {
  /** Failed logins per username (counted only on failure). */
  loginByUsername: RateLimiterAbstract;
  /** Failed logins per client IP. */
  loginByIp: RateLimiterAbstract;
  registerByIp: RateLimiterAbstract;
  /**
   * Failed logins per known-device cookie: a device that signed in before is not held by the
   * username's lock, only by its own budget (docs/decisions/110-known-device-logins.md).
   */
  loginByDevice: RateLimiterAbstract;
  /** Forgot-password requests per client IP, and per username or email asked for. */
  passwordResetByIp: RateLimiterAbstract;
  passwordResetByTarget: RateLimiterAbstract;
  /** Reports per user (POST /api/reports), on top of the write limit. */
  reportsByUser: RateLimiterAbstract;
  /** Data exports (GET /api/account/export) per user: each one reads the whole account. */
  accountExportsByUser: RateLimiterAbstract;
  /** Creates, selects, reactions, friend requests, chat: per user. */
  writesByUser: RateLimiterAbstract;
  /** The same writes per client IP, every account on it together. */
  writesByIp: RateLimiterAbstract;
  /** Search, explore, public profile and friend search reads per signed-in user. */
  readsByUser: RateLimiterAbstract;
  /** The same reads per client IP, visitors and every account on it together. */
  readsByIp: RateLimiterAbstract;
  /** Analytics batches per user, or per IP for visitors. */
  analyticsByClient: RateLimiterAbstract;
  /** CSP violation reports per client IP. */
  cspReportsByIp: RateLimiterAbstract;
}

declare module 'fastify' {
  interface FastifyInstance {
    limiters: Limiters;
    /** preValidation hook of write routes: counts one write for the signed-in user and their IP (after requireUser), valid or not. */
    limitWrites: (request: FastifyRequest) => Promise<void>;
    /** preValidation hook of costly reads: counts one read for the user, if any (after loadUser/requireUser), and the IP. */
    limitReads: (request: FastifyRequest) => Promise<void>;
  }
}

/** Throws 429 with Retry-After when the key has no points left. */
export async function consumeOrThrow(limiter: RateLimiterAbstract, key: string, points = 1): Promise<void> {
  try {
    await limiter.consume(key, points);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyRequests(error.msBeforeNext / 1000);
    throw error;
  }
}

/** Throws 429 when the key is already used up, without counting this call. */
export async function assertNotLimited(limiter: RateLimiterAbstract, key: string): Promise<void> {
  const state = await limiter.get(key).catch(() => null);
  if (state && state.consumedPoints >= limiter.points) throw tooManyRequests(state.msBeforeNext / 1000);
}

/** Whether the key has no points left (the limiter's store unreachable: not limited). */
export async function isLimited(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  const state = await limiter.get(key).catch(() => null);
  return !!state && state.consumedPoints >= limiter.points;
}

async function rateLimitPlugin(app: FastifyInstance) {
  const limits = app.config.rateLimits;
  const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    if (!app.redis) return memory;
    // Shared across instances through Redis; when Redis is down each instance counts on its own
    // instead of failing requests.
    return new RateLimiterRedis({
      storeClient: app.redis,
      keyPrefix: `${app.config.redisPrefix}:rl:${keyPrefix}`,
      points,
      duration,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${keyPrefix}:insurance`, points, duration }),
    });
  };
  const limiters: Limiters = {
    loginByUsername: make('login-user', limits.loginFailuresPerUsername, limits.loginWindowSeconds),
    loginByIp: make('login-ip', limits.loginFailuresPerIp, limits.loginWindowSeconds),
    registerByIp: make('register-ip', limits.registrationsPerIp, limits.registrationWindowSeconds),
    loginByDevice: make('login-device', limits.loginFailuresPerUsername, limits.loginWindowSeconds),
    passwordResetByIp: make('reset-ip', limits.passwordResetsPerIp, limits.passwordResetWindowSeconds),
    passwordResetByTarget: make('reset-target', limits.passwordResetsPerTarget, limits.passwordResetWindowSeconds),
    reportsByUser: make('reports', limits.reportsPerUser, limits.reportWindowSeconds),
    accountExportsByUser: make('account-export', limits.accountExportsPerUser, limits.accountExportWindowSeconds),
    writesByUser: make('writes', limits.writesPerUser, limits.writeWindowSeconds),
    writesByIp: make('writes-ip', limits.writesPerIp, limits.writeWindowSeconds),
    readsByUser: make('reads', limits.readsPerUser, limits.readWindowSeconds),
    readsByIp: make('reads-ip', limits.readsPerIp, limits.readWindowSeconds),
    analyticsByClient: make('analytics', limits.analyticsPerClient, limits.analyticsWindowSeconds),
    cspReportsByIp: make('csp-reports-ip', limits.cspReportsPerIp, limits.cspReportWindowSeconds),
  };
  app.decorate('limiters', limiters);
  // The user's budget first: a request refused there does not eat into the budget that the
  // other people behind the same address share.
  app.decorate('limitWrites', async (request: FastifyRequest) => {
    if (!request.user) return;
    await consumeOrThrow(limiters.writesByUser, request.user.id);
    await consumeOrThrow(limiters.writesByIp, request.ip);
  });
  app.decorate('limitReads', async (request: FastifyRequest) => {
    if (request.user) await consumeOrThrow(limiters.readsByUser, request.user.id);
    await consumeOrThrow(limiters.readsByIp, request.ip);
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['redis'] });
