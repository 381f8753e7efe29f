import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIVE_PATH } from '../../../contract/live';
import { liveQuerySchema } from '../../../contract/live-query';
import { errorAnswers } from '../../lib/error-answers';
import { SERVER_MESSAGES, tooManyRequests } from '../../lib/http-errors';
import { creatorIfVisible, type ShroDeps } from '../shros/access';
import { DEFAULT_HUB_OPTIONS, type HubOptions, LiveHub } from './hub';
import { channelPresence } from './presence';
import { createVisitorSlots } from './visitor-slots';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's open live channels. */
    liveHub: LiveHub;
  }
}

/**
 * GET /api/live: the tab's one Server-Sent Events channel. Signed-in users get their own
 * events (notifications, chat, friends, friends' presence); anyone, visitors included, gets
 * change notices for the Shros they watch and may read. Events carry ids, and a Shro's public
 * state that any watcher's read shows anyway (decision 100): a tab whose own view changed
 * refetches through the ordinary per-viewer reads, so nothing hidden can leak through here.
 */
export async function liveRoutes(fastify: FastifyInstance, opts: { hubOptions?: Partial<HubOptions> } = {}) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ShroDeps = { db: app.database.db, cache: app.shroCache, live: app.bus };
  const hubOptions: HubOptions = { ...DEFAULT_HUB_OPTIONS, ...opts.hubOptions };
  const hub = new LiveHub(
    app.bus,
    channelPresence(app.database.db, app.bus),
    app.log.child({ component: 'live' }),
    hubOptions,
  );
  app.decorate('liveHub', hub);
  // Visitors have no user to cap per: their channels are capped per address, across instances.
  const visitorSlots = createVisitorSlots({
    redis: app.redis,
    keyPrefix: `${app.config.redisPrefix}:live:visitors`,
    max: app.config.liveMaxVisitorChannelsPerIp,
    refreshMs: hubOptions.heartbeatMs,
    log: app.log.child({ component: 'live' }),
  });
  // Open streams never end by themselves: close them before the server waits for its connections.
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => visitorSlots.close());

  app.get(
    LIVE_PATH,
    {
      onRequest: app.loadUser,
      schema: {
        summary: 'Streams change notices of the watched Shros and of the signed-in user.',
        description: 'An event stream (text/event-stream) of change notices, contract/live.ts.',
        querystring: liveQuerySchema,
        response: errorAnswers(429),
      },
    },
    async (request, reply) => {
      const wanted = request.query.watch;
      const viewer = request.user ? { id: request.user.id, username: request.user.username } : null;
      if (viewer && !hub.hasRoomFor(viewer.id)) throw tooManyRequests(5, SERVER_MESSAGES.tooManyLiveChannels);
      // A visitor's slot is taken before any database work, so an address at its cap costs nothing more.
      let release = () => {};
      if (!viewer) {
        const channelId = randomUUID();
        if (!(await visitorSlots.acquire(request.ip, channelId)))
          throw tooManyRequests(5, SERVER_MESSAGES.tooManyLiveChannels);
        release = () => visitorSlots.release(request.ip, channelId);
      }
      const watchedCreators = new Map<string, string>();
      try {
        // Unknown and forbidden Shros are left out alike, so a watch reveals nothing about them.
        const creators = await Promise.all(wanted.map((id) => creatorIfVisible(deps, id, viewer)));
        wanted.forEach((id, index) => {
          const creatorId = creators[index];
          if (creatorId) watchedCreators.set(id, creatorId);
        });
      } catch (error) {
        release();
        throw error;
      }
      const header = request.headers['last-event-id'];
      const lastEventId = (Array.isArray(header) ? header[0] : header) ?? request.query.lastEventId;

      reply.hijack();
      const res = reply.raw;
      // Gone while the checks above ran: its close has passed, so nothing would ever end the channel.
      if (request.socket.destroyed) {
        release();
        return;
      }
      res.once('close', release);
      res.writeHead(200, {
        // A hijacked reply skips Fastify's header handling: the security set goes on here.
        ...app.securityHeaders,
        'content-type': 'text/event-stream; charset=utf-8',
        // Private events: no cache keeps them.
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // Proxies (nginx) must pass events through as they come.
        'x-accel-buffering': 'no',
      });
      res.socket?.setNoDelay(true);
      // Node keeps the header block it just built (`_header`) for the channel's whole life, as the
      // tree of small strings it was concatenated from; reading one character makes V8 flatten it
      // into one smaller string, which every open channel then keeps instead (issue 12 item 8).
      const block: unknown = (res as unknown as { _header?: unknown })._header;
      if (typeof block === 'string') block.charCodeAt(0);
      hub.open(
        {
          res,
          userId: viewer?.id ?? null,
          authSessionId: request.authSessionId,
          watches: [...watchedCreators.keys()],
          watchedCreators,
        },
        lastEventId === undefined || lastEventId === '' ? undefined : lastEventId,
      );
    },
  );
}
