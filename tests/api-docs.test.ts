import { readdirSync, readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../server/test/factories';
import { createTestApp, type TestContext } from '../server/test/test-app';
import { apiPaths } from '../web/lib/api-paths';
import { scenarios } from './security/authorization-rows';
import { collectRoutes } from './support/routes';

/**
 * Issue 15, item 2: `/api/openapi.json` documents every route Fastify has registered (read off its
 * route table, not a hand list), each with its auth requirement and its `{message}` error answers
 * (docs/decisions/089-openapi-document.md).
 */

interface Operation {
  tags: string[];
  summary: string;
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: { in: string; name: string; required: boolean }[];
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
}

let ctx: TestContext;
let routes: string[];
let body: string;
let doc: {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
  tags: { name: string; description: string }[];
};

beforeAll(async () => {
  ctx = await createTestApp();
  routes = collectRoutes(ctx.app);
  const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  body = response.body;
  doc = response.json();
});
afterAll(() => ctx?.close());

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
// A trailing wildcard (`*`) is `{wildcard}` in the document.
const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{wildcard}');
const fromOpenApiPath = (path: string) => path.replace(/\{wildcard\}$/, '*').replace(/\{(\w+)\}/g, ':$1');

function operationOf(route: string): Operation {
  const [method, path] = route.split(' ') as [string, string];
  const operation = doc.paths[toOpenApiPath(path)]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${route} is not in /api/openapi.json`);
  return operation;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document whose security scheme is the auth-session cookie', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toEqual({ authSession: { type: 'apiKey', in: 'cookie', name: 'shro_sid' } });
  });

  it('documents every route the app has registered, and nothing else', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${fromOpenApiPath(path)}`),
    );
    expect(routes.length).toBeGreaterThan(40);
    expect(documented.sort()).toEqual(routes);
  });

  it('marks the routes that need a signed-in user, as the authorization matrix has them', () => {
    for (const route of routes) {
      const rows = scenarios.filter((s) => s.route === route);
      expect(rows.length, `${route} has no authorization rows`).toBeGreaterThan(0);
      // Needs a signed-in user: a visitor always gets 401, a signed-in stranger never does
      // (a wrong password answers 401 to anyone, which is no auth requirement).
      const is401 = (expected: number | number[]) => [expected].flat().every((status) => status === 401);
      const signedInOnly = rows.every((s) => is401(s.expect.visitor) && !is401(s.expect.stranger));
      const { security, responses } = operationOf(route);
      if (signedInOnly) {
        expect(security, route).toEqual([{ authSession: [] }]);
        expect(responses['401']?.description, route).toBe('Not signed in, or the auth session has ended');
      } else {
        // Open to visitors: no requirement, or the cookie as an option ({} = anonymous allowed).
        expect(security.length === 0 || security.some((req) => Object.keys(req).length === 0), route).toBe(true);
        if (rows.every((s) => !is401(s.expect.visitor))) expect(responses['401'], route).toBeUndefined();
      }
    }
  });

  it('lists the {message} error answers of every operation, and its success', () => {
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const { responses } = operationOf(route);
      const statuses = Object.keys(responses);
      expect(
        statuses.some((status) => status.startsWith('2')),
        route,
      ).toBe(true);
      const expected = ['400'];
      if (WRITE_METHODS.includes(method)) expected.push('403', '413');
      if (path.includes(':')) expected.push('404');
      expect(statuses, route).toEqual(expect.arrayContaining(expected));
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        expect(responses[status]!.content?.['application/json']?.schema, `${route} ${status}`).toMatchObject({
          type: 'object',
          properties: { message: { type: 'string' }, code: { type: 'string' } },
          required: ['message', 'code'],
        });
      }
    }
  });

  it('documents the JSON answer of every route that answers JSON, from its response schema', () => {
    const notJson: Record<string, string> = {
      'GET /api/uploads/:key': 'image bytes',
      'GET /api/moderation/images/:key': 'image bytes',
      'GET /api/account/export': 'a ZIP',
      'GET /api/catalog/posters/:kind/:file': 'a PNG',
      'GET /api/sessions/:id/preview.png': 'a PNG',
      'GET /api/live': 'an event stream',
      'GET /api/docs': 'the HTML page',
      'GET /api/docs/:file': 'script and styles',
      'GET /api/openapi.json': 'this document',
      'POST /api/csp-report': '204, no body',
      'DELETE /api/push/native-tokens/*': '204, no body',
    };
    for (const route of routes.filter((r) => !(r in notJson))) {
      const success = Object.entries(operationOf(route).responses).filter(([status]) => status.startsWith('2'));
      expect(success.length, route).toBeGreaterThan(0);
      for (const [status, answer] of success) {
        expect(answer.content?.['application/json']?.schema, `${route} ${status}`).toBeDefined();
      }
    }
    // The Shro view is named once and referred to by every operation that answers it.
    const shroRef = { $ref: '#/components/schemas/Shro' };
    expect(operationOf('GET /api/sessions/:id').responses['200']!.content!['application/json']!.schema).toEqual(
      shroRef,
    );
    expect(operationOf('POST /api/sessions').responses['201']!.content!['application/json']!.schema).toEqual(shroRef);
    expect(operationOf('POST /api/sessions/:id/select').responses['409']).toBeDefined();
  });

  it('marks a query parameter required only when the route refuses a request without it', async () => {
    const queryParameter = (route: string, name: string) =>
      operationOf(route).parameters?.find((p) => p.in === 'query' && p.name === name);
    // GET /api/sessions answers page 1 without `page` (its default is filled in by a preprocess)…
    expect(queryParameter('GET /api/sessions', 'page')).toMatchObject({ required: false });
    expect(queryParameter('GET /api/sessions', 'tab')).toMatchObject({ required: false });
    expect(queryParameter('GET /api/explore/search', 'q')).toMatchObject({ required: false });
    // …while the friend search refuses a request with no search term.
    expect(queryParameter('GET /api/friends/search', 'q')).toMatchObject({ required: true });
    const user = await createUser(ctx);
    const withoutPage = await ctx.app.inject({ method: 'GET', url: '/api/sessions', headers: { cookie: user.cookie } });
    expect(withoutPage.statusCode).toBe(200);
    const withoutTerm = await ctx.app.inject({
      method: 'GET',
      url: '/api/friends/search',
      headers: { cookie: user.cookie },
    });
    expect(withoutTerm.statusCode).toBe(400);
  });

  it('names 429 on the routes under the read and write budgets, not on those that are not', () => {
    for (const route of [
      'GET /api/explore',
      'GET /api/friends/search',
      'POST /api/sessions',
      'PUT /api/auth/username',
      'POST /api/auth/password-reset',
      'POST /api/auth/password-reset/confirm',
    ]) {
      expect(operationOf(route).responses['429'], route).toBeDefined();
    }
    for (const route of ['POST /api/logout', 'GET /api/auth/user', 'GET /healthz']) {
      expect(operationOf(route).responses['429'], route).toBeUndefined();
    }
  });
});

/** Tags of routes declared outside a feature folder: in server/app.ts and server/plugins/api-docs.ts. */
const APP_TAGS = ['api-docs', 'app'];

describe('the operations (issue 39, item 5)', () => {
  it('files each one under the feature folder that declares it, with a summary and a unique operationId', () => {
    const features = readdirSync(new URL('../server/features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const ids = new Set<string>();
    for (const route of routes) {
      const { tags, summary, operationId } = operationOf(route);
      expect(tags, route).toHaveLength(1);
      expect([...features, ...APP_TAGS], route).toContain(tags[0]);
      expect(summary, route).toMatch(/^[A-Z].+\.$/);
      expect(operationId, route).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
      expect(ids.has(operationId), `${route}: ${operationId} twice`).toBe(false);
      ids.add(operationId);
    }
    // The feature that registers the route decides, not its path.
    const tagOf = (route: string) => operationOf(route).tags[0];
    expect(tagOf('GET /api/uploads/:key')).toBe('shros');
    expect(tagOf('GET /api/home')).toBe('shros');
    expect(tagOf('POST /api/sessions/:id/mute')).toBe('blocks');
    expect(tagOf('DELETE /api/account')).toBe('account');
    expect(tagOf('GET /healthz')).toBe('app');
    expect(tagOf('GET /api/openapi.json')).toBe('api-docs');
    // From the method and the path, so they change only when the API does.
    expect(operationOf('GET /api/sessions/:id').operationId).toBe('getSessionsById');
    expect(operationOf('DELETE /api/push/native-tokens/*').operationId).toBe('deletePushNativeTokensByWildcard');
    expect(operationOf('GET /.well-known/assetlinks.json').operationId).toBe('getWellKnownAssetlinksJson');
  });

  it('names each feature registration in server/app.ts after the folder its routes come from', () => {
    const app = readFileSync(new URL('../server/app.ts', import.meta.url), 'utf8');
    const folderOf = new Map(
      [...app.matchAll(/import \{ (\w+) \} from '\.\/features\/([\w-]+)\//g)].map(([, name, folder]) => [name, folder]),
    );
    const registrations = [...app.matchAll(/registerFeature\(app, '([\w-]+)', \(\) => app\.register\((\w+)/g)];
    expect(registrations.length).toBeGreaterThan(20);
    for (const [, tag, plugin] of registrations) expect(folderOf.get(plugin!), plugin).toBe(tag);
    expect(app).not.toMatch(/await app\.register\(\w+Routes/);
  });

  it('declares every tag it uses once, with a description', () => {
    const used = new Set(routes.map((route) => operationOf(route).tags[0]));
    expect(doc.tags.map((tag) => tag.name)).toEqual([...used].sort());
    for (const tag of doc.tags) expect(tag.description, tag.name).toMatch(/\S/);
  });

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: body, absoluteRef: 'openapi.json', config });
    const found = problems.map(
      (problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}`,
    );
    const messages = problems.map((problem) => `${problem.ruleId}: ${problem.message}`).join('\n');
    expect(found, messages).toEqual([]);
  });
});

describe('the web app’s API paths (web/lib/api-paths.ts)', () => {
  /** Arguments for the path functions that take something other than one string each. */
  const SAMPLE_ARGUMENTS: Partial<Record<keyof typeof apiPaths, unknown[]>> = { onlineStatus: [['a', 'b']] };

  /** A documented path as a pattern: a parameter is one segment, the wildcard the rest of the path. */
  const pattern = (path: string) =>
    new RegExp(
      `^${path
        .split(/(\{\w+\})/)
        .map((part) =>
          part === '{wildcard}' ? '.+' : /^\{\w+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
        )
        .join('')}$`,
    );

  it('are each a route in /api/openapi.json (a `…Prefix` starts one)', () => {
    const documented = Object.keys(doc.paths);
    const patterns = documented.map(pattern);
    const missing: string[] = [];
    for (const [name, value] of Object.entries(apiPaths)) {
      const made: string =
        typeof value === 'function'
          ? (value as (...args: unknown[]) => string)(
              ...(SAMPLE_ARGUMENTS[name as keyof typeof apiPaths] ?? Array(value.length).fill('sample')),
            )
          : value;
      const path = made.split('?')[0]!;
      const known = name.endsWith('Prefix')
        ? documented.some((route) => route.startsWith(path))
        : patterns.some((route) => route.test(path));
      if (!known) missing.push(`${name}: ${made}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('is a page with no inline script, whose script and styles come from our own origin', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.map(([, attributes]) => attributes)).toEqual([
      ' src="/api/docs/swagger-ui-bundle.js"',
      ' src="/api/docs/start.js"',
    ]);
    expect(scripts.every(([, , body]) => body === '')).toBe(true);
    for (const file of ['swagger-ui-bundle.js', 'start.js', 'swagger-ui.css']) {
      const answer = await ctx.app.inject({ method: 'GET', url: `/api/docs/${file}` });
      expect(answer.statusCode, file).toBe(200);
    }
    const start = await ctx.app.inject({ method: 'GET', url: '/api/docs/start.js' });
    expect(start.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(start.body).toContain('"url":"/api/openapi.json"');
  });

  it('serves nothing else from its folder', async () => {
    for (const file of ['package.json', 'index.html', '..%2Fpackage.json', 'swagger-ui.js']) {
      const answer = await ctx.app.inject({ method: 'GET', url: `/api/docs/${file}` });
      expect(answer.statusCode, file).toBe(404);
      expect(answer.json()).toEqual({ message: 'Not found', code: expect.any(String) });
    }
  });
});
