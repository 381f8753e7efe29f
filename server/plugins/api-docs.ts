import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userAchievementSchema } from '../../contract/achievements';
import { currentUserSchema, publicUserSchema } from '../../contract/auth';
import { chatMessageSchema, conversationSchema } from '../../contract/chat';
import { explorePageSchema } from '../../contract/explore';
import { friendActionResultSchema, friendRequestItemSchema } from '../../contract/friends';
import { notificationItemSchema } from '../../contract/notifications';
import { PRODUCT_NAME } from '../../contract/product';
import { userStatsSchema } from '../../contract/profiles';
import { shroBoxSchema, shroListResponseSchema, shroSchema } from '../../contract/shro-views';
import { notFoundWhenInvalid } from '../../contract/validation';
import { KeptText } from '../lib/compression';
import { ERROR_DESCRIPTIONS, type ErrorStatus } from '../lib/error-answers';
import { AUTH_COOKIE } from './auth-session';
import { sendKeptText } from './compression';

/** The OpenAPI 3.1 document of every route, read off the routes' own schemas. */
const OPENAPI_PATH = '/api/openapi.json';
/** The readable reference page (Swagger UI) and its files. */
const API_DOCS_PATH = '/api/docs';
/** The security scheme protected operations name: the signed auth-session cookie. */
const AUTH_SCHEME = 'authSession';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Hook = (...args: never[]) => unknown;

/**
 * The contract's main answers, named: the document lists each once under `components.schemas`
 * and refers to it from every operation that answers it. A registry of our own, so the contract's
 * schemas carry no document ids into the web bundle.
 */
const documentRegistry = z.registry<{ id: string }>();
for (const [id, schema] of Object.entries({
  Shro: shroSchema,
  ShroBox: shroBoxSchema,
  ShroListResponse: shroListResponseSchema,
  CurrentUser: currentUserSchema,
  PublicUser: publicUserSchema,
  ExplorePage: explorePageSchema,
  NotificationItem: notificationItemSchema,
  ChatMessage: chatMessageSchema,
  Conversation: conversationSchema,
  FriendRequestItem: friendRequestItemSchema,
  FriendActionResult: friendActionResultSchema,
  UserAchievement: userAchievementSchema,
  UserStats: userStatsSchema,
})) {
  documentRegistry.add(schema, { id });
}
const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry: documentRegistry });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: documentRegistry });

/** The parts of the document read after every route is in it. */
interface OpenApiDocument {
  paths?: Record<string, object | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * What each tag holds. A tag is the feature folder that registers the routes (`registerFeature`,
 * in server/app.ts), or `app` and `api-docs` for the routes those two files declare themselves.
 */
const TAG_DESCRIPTIONS = {
  account: 'The signed-in user’s data: export, language, deleting the account.',
  achievements: 'The signed-in user’s achievements and their progress.',
  analytics: 'First-party analytics events, from visitors and users.',
  'api-docs': 'This document and its reference page.',
  app: 'Health and readiness probes.',
  'app-links': 'The files that let the native apps open this site’s links.',
  auth: 'Accounts and auth sessions: register, log in and out, username, password, signed-in devices.',
  blocks: 'Blocking and muting users and Shros.',
  catalog: 'Movie, TV and restaurant titles for boxes, and their posters.',
  chat: 'Conversations between friends.',
  'csp-report': 'Content-Security-Policy violation reports from browsers.',
  explore: 'Public Shros: recent, trending and search.',
  friends: 'Friends, friend requests and the friend search.',
  invites: 'Invite links: sign up with one and become the inviter’s friend.',
  live: 'The event stream of change notices.',
  moderation: 'Reports, and the moderators’ queue, actions and log.',
  notifications: 'The notification list and which kinds reach which channel.',
  platform: 'Figures about the whole platform.',
  profiles: 'Public profiles, stats, online status and the user’s own profile.',
  push: 'Web Push subscriptions and the native apps’ device tokens.',
  seo: 'The preview image of a Shro link.',
  shares: 'Recording that a Shro was shared.',
  shros:
    'The game (the spec’s “sessions”): create, list, view, pick a box, react, copy, delete; the home inbox; the images in boxes.',
} as const;

/** The tag of an operation: a feature folder, or `app` / `api-docs` (decision 171). */
export type ApiTag = keyof typeof TAG_DESCRIPTIONS;

declare module 'fastify' {
  interface FastifyInstance {
    /** The feature whose routes are being registered (`registerFeature`), if any. */
    registeringFeature: ApiTag | null;
  }
}

/**
 * Registers one feature's routes (`register` awaits `app.register(…)`), filing each route it
 * declares under the feature's tag in the OpenAPI document.
 */
export async function registerFeature(
  app: FastifyInstance,
  tag: ApiTag,
  register: () => PromiseLike<unknown>,
): Promise<void> {
  app.registeringFeature = tag;
  try {
    await register();
  } finally {
    app.registeringFeature = null;
  }
}

/**
 * A unique, stable id from the method and the path: it changes only when the API does, unlike a
 * summary or a handler's name. `GET /api/sessions/:id/react` is `getSessionsByIdReact`.
 */
function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((word) => (word.startsWith(':') ? `By-${word.slice(1)}` : word))
    .flatMap((word) => word.split('-'));
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('');
}

/** Fastify's wildcard (`*`) as a named path parameter, which OpenAPI requires. */
const WILDCARD = 'wildcard';

/** Every hook a route runs before its handler, wherever it was attached. */
function routeHooks(route: RouteOptions): Hook[] {
  return [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean) as Hook[];
}

function methodsOf(route: RouteOptions): string[] {
  return [route.method].flat().map((m) => m.toUpperCase());
}

/**
 * The `{message}` error answers a route gives whatever it does, derived from how it is built:
 * - 400 for every route (a malformed address or query, a NUL character, a field that does not fit);
 * - 401 when it requires a signed-in user;
 * - 403 and 413 for writes (the cross-site check and the body limits, server/plugins/security.ts);
 * - 404 when its path names something (`:id`);
 * - 429 when it counts against the read or write budgets.
 * Routes declare the others themselves with `errorAnswers(…)` (server/lib/error-answers.ts).
 */
function derivedErrors(app: FastifyInstance, route: RouteOptions, auth: 'required' | 'optional' | 'none') {
  const hooks = routeHooks(route);
  const statuses: ErrorStatus[] = [400];
  if (auth === 'required') statuses.push(401);
  if (methodsOf(route).some((m) => UNSAFE_METHODS.has(m))) statuses.push(403, 413);
  if (route.url.includes(':')) statuses.push(404);
  if (hooks.includes(app.limitReads as Hook) || hooks.includes(app.limitWrites as Hook)) statuses.push(429);
  return statuses;
}

function authOf(app: FastifyInstance, route: RouteOptions): 'required' | 'optional' | 'none' {
  const hooks = routeHooks(route);
  if (hooks.includes(app.requireUser as Hook)) return 'required';
  if (hooks.includes(app.loadUser as Hook)) return 'optional';
  return 'none';
}

const errorJsonSchema = (status: ErrorStatus) => ({
  description: ERROR_DESCRIPTIONS[status],
  type: 'object',
  properties: { message: { type: 'string' }, code: { type: 'string' } },
  required: ['message', 'code'],
});

/** The object a query schema checks, under any transform of the whole (`.transform` makes a pipe). */
function queryObject(schema: unknown): z.ZodObject | undefined {
  if (schema instanceof z.ZodPipe) return queryObject(schema.in);
  return schema instanceof z.ZodObject ? schema : undefined;
}

/**
 * A query parameter is required only when the route refuses a request without it. The contract
 * fills in defaults with `z.preprocess`, which the zod → JSON Schema conversion cannot see
 * through: it would call every such parameter required. So ask each parameter's own schema.
 */
function withQueryRequirements(querystring: unknown, zodQuery: unknown): unknown {
  const object = queryObject(zodQuery);
  if (!object || typeof querystring !== 'object' || querystring === null) return querystring;
  const { required: _converted, ...rest } = querystring as Record<string, unknown>;
  const required = Object.entries(object.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name);
  return required.length > 0 ? { ...rest, required } : rest;
}

/** A params schema whose `*` is named `WILDCARD`, as the documented path names it. */
function withNamedWildcard(params: unknown): unknown {
  const { properties = {}, required = [], ...rest } = params as { properties?: object; required?: string[] };
  const { '*': wildcard, ...named } = properties as Record<string, unknown>;
  return {
    ...rest,
    properties: { ...named, [WILDCARD]: wildcard },
    required: required.map((name) => (name === '*' ? WILDCARD : name)),
  };
}

/** Each schema under `components` that nothing refers to, directly or through another, left out. */
function withoutUnusedSchemas<D extends OpenApiDocument>(document: D): D {
  const schemas = document.components?.schemas ?? {};
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value ?? null).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(([, name]) => name!);
  const used = new Set<string>();
  const pending = refsIn({ ...document, components: { ...document.components, schemas: {} } });
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refsIn(schemas[name]));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}

/** The tags the operations name, each declared once with its description. */
function withDeclaredTags<D extends OpenApiDocument>(document: D): D {
  const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.values(item ?? {}));
  const names = new Set(operations.flatMap((operation) => (operation as { tags?: string[] }).tags ?? []));
  const tags = [...names]
    .sort()
    .map((name) => ({ name, description: (TAG_DESCRIPTIONS as Record<string, string | undefined>)[name] }));
  return { ...document, tags };
}

/**
 * The type provider's transform (zod → JSON Schema), then what the routes' hooks say: the auth
 * requirement as `security` (the cookie scheme, optional for routes that only load the user) and
 * the derived error answers. The document only: nothing here changes how a route answers.
 */
function documentRoute(app: FastifyInstance): SwaggerTransform {
  return (input) => {
    const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
    const base = (schema ?? {}) as FastifySchema & { hide?: boolean; response?: Record<string, unknown> };
    if (base.hide) return { schema: base, url };
    if (base.querystring) base.querystring = withQueryRequirements(base.querystring, input.schema?.querystring);
    const auth = authOf(app, input.route);
    const response: Record<string, unknown> = { ...base.response };
    // A route that answers no JSON (an image, an event stream, the page) says what it sends in
    // its description; its success carries no JSON schema.
    if (!Object.keys(response).some((status) => status.startsWith('2'))) {
      response[200] = { description: base.description ?? 'Done', type: 'null' };
    }
    for (const status of derivedErrors(app, input.route, auth)) response[status] ??= errorJsonSchema(status);
    const signedIn: Record<string, string[]> = { [AUTH_SCHEME]: [] };
    const security = auth === 'required' ? [signedIn] : auth === 'optional' ? [{}, signedIn] : [];
    const [method = 'GET'] = methodsOf(input.route);
    const documentedUrl = url.replace(/\*$/, `:${WILDCARD}`);
    if (documentedUrl !== url && base.params) base.params = withNamedWildcard(base.params);
    const operation = { operationId: operationId(method, documentedUrl) };
    return { schema: { ...base, ...operation, response, security }, url: documentedUrl };
  };
}

/** Where swagger-ui-dist keeps its built files. */
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Swagger UI's files, served from our own origin; the page's script is a file too, never inline. */
const DOCS_FILES = {
  'swagger-ui.css': {
    type: 'text/css; charset=utf-8',
    read: () => readFile(join(SWAGGER_UI_DIR, 'swagger-ui.css'), 'utf8'),
  },
  'swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    read: () => readFile(join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js'), 'utf8'),
  },
  'start.js': {
    type: 'text/javascript; charset=utf-8',
    read: async () =>
      `window.addEventListener('load', () => {\n  window.ui = SwaggerUIBundle(${JSON.stringify({
        url: OPENAPI_PATH,
        dom_id: '#swagger-ui',
        deepLinking: true,
        docExpansion: 'list',
        defaultModelsExpandDepth: 0,
        // No validator badge: it would load an image from validator.swagger.io.
        validatorUrl: null,
      })});\n});\n`,
  },
} as const;

const docsFileParamsSchema = z
  .object({ file: z.enum(Object.keys(DOCS_FILES) as [keyof typeof DOCS_FILES]) })
  .register(notFoundWhenInvalid, { message: 'Not found' });

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${PRODUCT_NAME} API</title>
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/start.js"></script>
  </body>
</html>
`;

/**
 * The API document and its reference page (docs/decisions/089-openapi-document.md). Registered
 * before the feature routes so that it sees every one of them. Swagger UI is served from our own
 * origin with no inline script, so it renders under the app's one Content-Security-Policy.
 */
async function apiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1',
        description: `Every route of the ${PRODUCT_NAME} server. Errors answer \`{message}\`; a signed-in caller sends the auth-session cookie.`,
        // No licence is granted: the repository is private (package.json).
        license: { name: 'Proprietary, all rights reserved', identifier: 'LicenseRef-Proprietary' },
      },
      // The origin that serves this document.
      servers: [{ url: '/', description: `This ${PRODUCT_NAME} server` }],
      components: { securitySchemes: { [AUTH_SCHEME]: { type: 'apiKey', in: 'cookie', name: AUTH_COOKIE } } },
    },
    transform: documentRoute(app),
    // The registry's input twins (`ShroInput`, …) are left out when no request body uses them.
    transformObject: (input) => withDeclaredTags(withoutUnusedSchemas(zodTransformObject(input))),
  });
  app.decorate('registeringFeature', null);
  app.addHook('onRoute', (route) => {
    if (app.registeringFeature) route.schema = { ...route.schema, tags: [app.registeringFeature] };
  });

  // Built once, on first use (every route is known by then), and compressed once per encoding.
  let document: KeptText | undefined;
  app.get(
    OPENAPI_PATH,
    { schema: { tags: ['api-docs'], summary: 'Returns this document.', description: 'This document (OpenAPI 3.1).' } },
    async (request, reply) => {
      document ??= new KeptText(JSON.stringify(app.swagger()));
      return sendKeptText(request, reply.type('application/json; charset=utf-8'), document);
    },
  );

  app.get(
    API_DOCS_PATH,
    {
      schema: {
        tags: ['api-docs'],
        summary: 'Returns the reference page.',
        description: 'The reference page of this API (HTML).',
      },
    },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(DOCS_PAGE),
  );

  // Read once, on first use (the bundle is large and most instances never serve it), and
  // compressed once per encoding.
  const kept = new Map<string, Promise<KeptText>>();
  app.get(
    `${API_DOCS_PATH}/:file`,
    {
      schema: {
        tags: ['api-docs'],
        summary: 'Returns a script or the styles of the reference page.',
        description: 'Script and styles of the reference page.',
        params: docsFileParamsSchema,
      },
    },
    async (request, reply) => {
      const { file } = request.params as z.output<typeof docsFileParamsSchema>;
      let body = kept.get(file);
      if (!body) {
        body = DOCS_FILES[file].read().then((text) => new KeptText(text));
        kept.set(file, body);
      }
      reply.type(DOCS_FILES[file].type).header('cache-control', 'public, max-age=3600');
      return sendKeptText(request, reply, await body);
    },
  );
}

export default fp(apiDocs, { name: 'api-docs', dependencies: ['auth-session', 'rate-limit'] });
