import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../lib/http-errors';

export interface Limiters {
  /** Failed logins per username (counted only on failure). */
  loginByUsername: RateLimiterAbstract;
  /** Failed logins per client IP. */
  loginByIp: RateLimiterAbstract;
  registerByIp: RateLimiterAbstract;
  /** Creates, selects, reactions, friend requests, chat: per user. */
  writesByUser: RateLimiterAbstract;
  /** Analytics batches per user, or per IP for visitors. */
  analyticsByClient: RateLimiterAbstract;
}

declare module 'fastify' {
  interface FastifyInstance {
    limiters: Limiters;
    /** preHandler for write routes: counts one write for the signed-in user (run after requireUser). */
    limitWrites: (request: FastifyRequest) => Promise<void>;
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
    writesByUser: make('writes', limits.writesPerUser, limits.writeWindowSeconds),
    analyticsByClient: make('analytics', limits.analyticsPerClient, limits.analyticsWindowSeconds),
  };
  app.decorate('limiters', limiters);
  app.decorate('limitWrites', async (request: FastifyRequest) => {
    if (request.user) await consumeOrThrow(limiters.writesByUser, request.user.id);
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['redis'] });
