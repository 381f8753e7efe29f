import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared Redis client when `REDIS_URL` is set; null on a single instance. */
    redis: Redis | null;
  }
}

/** Creates a Redis client that never queues commands while down, so callers fail fast and fall back. */
export function createRedisClient(url: string, options: RedisOptions = {}): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    ...options,
  });
  // Connection errors are expected while Redis restarts; ioredis reconnects on its own.
  client.on('error', () => {});
  return client;
}

function waitUntilReady(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    client.once('ready', done);
  });
}

async function redisPlugin(app: FastifyInstance) {
  if (!app.config.redisUrl) {
    app.decorate('redis', null);
    return;
  }
  const client = createRedisClient(app.config.redisUrl);
  app.decorate('redis', client);
  // Give the connection a moment before serving, so shared rate limits and the event bus start
  // coherent; if Redis is down the app starts anyway and works per instance until it returns.
  await waitUntilReady(client, 3000);
  app.addHook('onClose', async () => {
    client.disconnect();
  });
}

export default fp(redisPlugin, { name: 'redis' });
