import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type EventBus, LocalBus, RedisBus } from '../features/live/bus';
import { createRedisClient } from './redis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events and cache invalidations: in-process, or across instances through Redis. */
    bus: EventBus;
  }
}

/** In-process by default; Redis pub/sub (with its own subscriber connection) when `REDIS_URL` is set. */
async function eventBusPlugin(app: FastifyInstance) {
  const log = app.log.child({ component: 'live' });
  let bus: EventBus;
  if (app.redis && app.config.redisUrl) {
    // Named, so an operator (or a test) can find this instance's subscriber in CLIENT LIST.
    const connectionName = `shro-live-${process.pid}-${randomUUID().slice(0, 8)}`;
    bus = new RedisBus(
      app.redis,
      createRedisClient(app.config.redisUrl, { connectionName }),
      log,
      connectionName,
      app.config.redisPrefix,
    );
  } else {
    bus = new LocalBus(log);
  }
  app.decorate('bus', bus);
  app.addHook('onClose', async () => {
    await bus.close();
  });
}

export default fp(eventBusPlugin, { name: 'event-bus', dependencies: ['redis'] });
