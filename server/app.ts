import os from 'node:os';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { accountRoutes } from './features/account/routes';
import { achievementsRoutes } from './features/achievements/routes';
import { analyticsRoutes } from './features/analytics/routes';
import { appLinksRoutes } from './features/app-links/routes';
import { passkeyRoutes } from './features/auth/passkey-routes';
import { warmUpPasswordHashing } from './features/auth/password';
import { passwordResetRoutes } from './features/auth/password-reset-routes';
import { currentUserPresenter } from './features/auth/present';
import { authRoutes } from './features/auth/routes';
import { blocksRoutes } from './features/blocks/routes';
import { catalogRoutes } from './features/catalog/routes';
import { chatRoutes } from './features/chat/routes';
import { cspReportRoutes } from './features/csp-report/routes';
import { exploreRoutes } from './features/explore/routes';
import { friendRequestsPageRead } from './features/friends/page-data';
import { friendsRoutes } from './features/friends/routes';
import { invitesRoutes } from './features/invites/routes';
import { liveRoutes } from './features/live/routes';
import mailer from './features/mail/mailer';
import { moderationRoutes } from './features/moderation/routes';
import { notificationsRoutes } from './features/notifications/routes';
import { platformRoutes } from './features/platform/routes';
import { profilesRoutes } from './features/profiles/routes';
import { pushRoutes } from './features/push/routes';
import { notificationSettingsRoutes } from './features/push/settings-routes';
import { pageReads } from './features/seo/render-meta';
import { seoRoutes } from './features/seo/routes';
import { sharesRoutes } from './features/shares/routes';
import { homeInboxPageRead, shroPageData } from './features/shros/page-data';
import { shroRoutes } from './features/shros/routes';
import uploadLimits from './features/uploads/limits';
import uploadStorage from './features/uploads/storage-plugin';
import { loadCookieSecret } from './lib/cookie-secret';
import { SERVER_MESSAGES } from './lib/http-errors';
import { stdoutLogDestination } from './lib/log-destination';
import { keyedNameHash } from './lib/name-hash';
import { INFO_LEVEL, logsInfo, requestIdGenerator, requestLineFormatter } from './lib/request-line';
import { validatorCompiler } from './lib/schema-compilers';
import apiDocs, { registerFeature } from './plugins/api-docs';
import authSession from './plugins/auth-session';
import backgroundWork from './plugins/background-work';
import bodyDeadline from './plugins/body-deadline';
import compression from './plugins/compression';
import connectionLimits from './plugins/connection-limits';
import database from './plugins/database';
import errorHandler, { clientErrorHandler, errorBody, frameworkErrorHandler } from './plugins/error-handler';
import eventBus from './plugins/event-bus';
import rateLimit from './plugins/rate-limit';
import redis from './plugins/redis';
import security from './plugins/security';
import shroCache from './plugins/shro-cache';
import staticWeb from './plugins/static-web';
import timeZone from './plugins/time-zone';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** The app closes the database on shutdown unless the caller keeps ownership (tests). */
  closeDatabase?: boolean;
  /**
   * Where JSON log lines go; stdout by default (tests capture them to check what is logged).
   * `level`: given with the request lines, which are not written through pino (decision 156).
   */
  logStream?: { write(line: string, level?: number): void };
}

/** Builds the whole app: external plugins, then app plugins, then feature routes, then the web. */
export async function buildApp({
  config,
  database: db,
  closeDatabase = true,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const logDestination = config.logLevel === 'silent' ? null : (logStream ?? stdoutLogDestination());
  // What every line names besides its own fields (pino's default, spelled out for the request lines).
  const logBase = { pid: process.pid, hostname: os.hostname() };
  const app = Fastify({
    logger: logDestination
      ? {
          level: config.logLevel,
          base: logBase,
          redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          // Request lines are written in batches, warnings and errors at once (decision 142).
          stream: logDestination,
        }
      : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Slow clients (docs/decisions/012-slow-clients.md): Node answers 408 when the headers or the
    // whole request take too long (clientErrorHandler below). JSON bodies have a shorter deadline
    // (plugins/body-deadline.ts), uploads a minimum rate (lib/multipart-form.ts).
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      // Node checks both timeouts on this interval (30 s by default): a tenth of the shorter keeps them accurate.
      connectionsCheckingInterval: Math.min(
        1000,
        Math.max(25, Math.floor(Math.min(config.headersTimeoutMs, config.requestTimeoutMs || Infinity) / 10)),
      ),
    },
    // This process's random prefix and a counter: distinct across instances (decision 157).
    genReqId: requestIdGenerator(),
    // One line per request, written by the onResponse hook below, instead of Fastify's two
    // (docs/decisions/023-request-log-and-pinned-bench.md).
    logController: new LogController({ disableRequestLogging: true }),
    // Router errors (bad URL encoding, over-long path parameters) answer `{message}` like the rest.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.decorate('config', config);
  // Routes declare the contract's zod schemas: they validate params, query and body, and shape
  // JSON answers (docs/decisions/088-route-schemas-and-auth-first.md).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The request log: one line per answered request. The route pattern, never the URL: paths
  // and query strings can carry share tokens. No hook at all when info lines would be dropped.
  if (logDestination && ['trace', 'debug', 'info'].includes(config.logLevel)) {
    // The line pino would write from the request's logger, formatted without it (decision 156).
    const requestLine = requestLineFormatter(logBase);
    // A callback hook: it runs on every request (decision 154).
    app.addHook('onResponse', (request, reply, done) => {
      // As `request.log.info` would: a route's, a plugin's or a changed level still decides.
      if (!logsInfo(request.log)) {
        done();
        return;
      }
      logDestination.write(
        requestLine({
          reqId: request.id,
          method: request.method,
          route: request.routeOptions.url ?? null,
          statusCode: reply.statusCode,
          responseTime: Math.round(reply.elapsedTime * 100) / 100,
          ...(request.user ? { userId: request.user.id } : {}),
        }),
        INFO_LEVEL,
      );
      done();
    });
  }

  // 1. Infrastructure: error format, database, redis, the event bus (live push and cache
  //    invalidation across instances), security headers and CSRF check.
  await app.register(errorHandler);
  await app.register(database, { database: db, closeOnShutdown: closeDatabase });
  await app.register(redis);
  await app.register(eventBus);
  await app.register(security);
  // Slow and greedy clients: open connections per address, and a deadline for JSON bodies.
  await app.register(connectionLimits);
  await app.register(bodyDeadline);
  // Answers of 1 KB and more compressed by Accept-Encoding; before every route, which it hooks
  // (docs/decisions/022-compression-and-caching.md).
  await app.register(compression);

  // 2. Request plumbing: signed cookies, multipart uploads (5 MB per file, docs/product.md §9).
  const cookieSecret = config.sessionSecret ?? (await loadCookieSecret(db.db));
  // No parsing hook: cookies are parsed on first use (plugins/auth-session.ts, decision 154).
  await app.register(cookie, { secret: cookieSecret, hook: false });
  // Released usernames are kept only as a hash keyed from the same secret (decision 126).
  app.decorate('nameHash', keyedNameHash(cookieSecret));
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 4, fields: 40, fieldSize: 256 * 1024, parts: 60 },
    // A part buffers up to this much before the parser waits for it to be read. Above a socket
    // read (64 KB) it keeps @fastify/busboy's end-of-body stall (server/lib/multipart-form.ts)
    // out of reach of network traffic; the idle guard there covers what is left.
    fileHwm: 1024 * 1024,
  });

  // 3. App plugins: auth sessions, rate limits, the browser's time zone (streak days).
  await app.register(authSession);
  await app.register(rateLimit);
  // Upload cost: the image work queue, upload slots per user and the storage quota (decision 013).
  await app.register(uploadLimits);
  // Where images are kept: PostgreSQL's table with DATABASE_URL, else DATA_DIR/uploads (decision 101).
  await app.register(uploadStorage);
  await app.register(timeZone);
  // Outgoing mail (SMTP_URL) and work done after the answer, e.g. sending a reset link (decision 109).
  await app.register(mailer);
  await app.register(backgroundWork);
  // The Shro read cache, invalidated through the event bus (docs/decisions/078-read-caches.md).
  await app.register(shroCache);
  // The OpenAPI document and its reference page, before the routes so that it sees them all
  // (docs/decisions/089-openapi-document.md).
  await app.register(apiDocs);

  // 4. Feature routes.
  await registerFeature(app, 'auth', () => app.register(authRoutes));
  await registerFeature(app, 'auth', () => app.register(passwordResetRoutes));
  await registerFeature(app, 'auth', () => app.register(passkeyRoutes));
  await registerFeature(app, 'shros', () => app.register(shroRoutes));
  await registerFeature(app, 'live', () =>
    app.register(liveRoutes, { hubOptions: { maxChannelsPerUser: config.liveMaxChannelsPerUser } }),
  );
  await registerFeature(app, 'friends', () => app.register(friendsRoutes));
  // Invite links: sign up with one and become the inviter's friend (docs/decisions/124-invitations.md).
  await registerFeature(app, 'invites', () => app.register(invitesRoutes));
  await registerFeature(app, 'blocks', () => app.register(blocksRoutes));
  await registerFeature(app, 'notifications', () => app.register(notificationsRoutes));
  await registerFeature(app, 'push', () => app.register(notificationSettingsRoutes));
  // Web Push: VAPID keys, subscriptions, and the sender every notification goes through (decision 116).
  await registerFeature(app, 'push', () => app.register(pushRoutes));
  await registerFeature(app, 'chat', () => app.register(chatRoutes));
  await registerFeature(app, 'profiles', () => app.register(profilesRoutes));
  await registerFeature(app, 'platform', () => app.register(platformRoutes));
  await registerFeature(app, 'explore', () => app.register(exploreRoutes));
  await registerFeature(app, 'achievements', () => app.register(achievementsRoutes));
  await registerFeature(app, 'shares', () => app.register(sharesRoutes));
  // The preview image of link and public Shros (decision 125).
  await registerFeature(app, 'seo', () => app.register(seoRoutes));
  await registerFeature(app, 'analytics', () => app.register(analyticsRoutes));
  await registerFeature(app, 'csp-report', () => app.register(cspReportRoutes));
  await registerFeature(app, 'moderation', () => app.register(moderationRoutes));
  await registerFeature(app, 'account', () => app.register(accountRoutes));
  // The well-known files of Android App Links and iOS universal links (decision 164): routes, so
  // the SPA fallback below never answers them with the page.
  await registerFeature(app, 'app-links', () => app.register(appLinksRoutes));
  await registerFeature(app, 'catalog', () =>
    app.register(catalogRoutes, {
      tmdbApiKey: config.tmdbApiKey,
      tmdbBaseUrl: config.tmdbBaseUrl,
      // A search may reach TMDB: signed-in users only, counted against the read budgets.
      searchHooks: { onRequest: app.requireUser, preValidation: app.limitReads },
    }),
  );

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['app'],
        summary: 'Tells that the server is up.',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({
      status: 'ok' as const,
    }),
  );
  const readiness = {
    tags: ['app'],
    summary: 'Tells whether the database answers.',
    response: {
      200: z.object({ status: z.literal('ready') }),
      503: z.object({ message: z.string(), code: z.string() }).describe('The database is unreachable'),
    },
  };
  app.get('/readyz', { schema: readiness }, async (request, reply) => {
    try {
      await db.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send(errorBody(request, 503, SERVER_MESSAGES.databaseUnreachable));
    }
  });

  // 5. The web app and the SPA fallback come last.
  // A page's HTML carries its first reads as the API would answer them (decisions 140, 176), and a
  // signed-in page the user as the auth check would (decision 174).
  const resolveUser = (request: FastifyRequest) => app.resolveUser(request);
  const toCurrentUser = currentUserPresenter({ db: db.db, settings: app.config, nameHash: app.nameHash });
  await app.register(staticWeb, {
    pageData: pageReads(
      shroPageData({ db: db.db, cache: app.shroCache, live: app.bus }, resolveUser),
      homeInboxPageRead({ db: db.db }, resolveUser),
      friendRequestsPageRead(db.db, resolveUser),
    ),
    currentUser: async (request) => JSON.stringify(await toCurrentUser(request.user!)),
  });

  warmUpPasswordHashing();
  return app;
}
