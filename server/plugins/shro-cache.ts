import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ShroCache } from '../features/shros/cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Read-through cache of Shro aggregates, invalidated through the event bus. */
    shroCache: ShroCache;
  }
}

/** Shared by the game's routes and the live channel's watch checks. */
async function shroCachePlugin(app: FastifyInstance) {
  app.decorate('shroCache', new ShroCache(app.bus));
}

export default fp(shroCachePlugin, { name: 'shro-cache', dependencies: ['event-bus'] });
