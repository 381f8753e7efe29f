import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../server/test/factories';
import { createTestApp, type TestContext } from '../server/test/test-app';
import { scenarios } from './security/authorization-rows';
import { collectRoutes } from './support/routes';

/**
 * Issue 15, item 2: `/api/openapi.json` documents every route Fastify has registered (read off its
 * route table, not a hand list), each with its auth requirement and its `{message}` error answers
 * (docs/decisions/089-openapi-document.md).
 */

interface Operation {
  security: Record<string, string[]>[];
  parameters?: { in: string; name: string; required: boolean }[];
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
}

let ctx: TestContext;
let routes: string[];
let doc: { openapi: string; paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };

beforeAll(async () => {
  ctx = await createTestApp();
  routes = collectRoutes(ctx.app);
  const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  doc = response.json();
});
afterAll(() => ctx?.close());

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
// A trailing wildcard (`*`) is `{*}` in the document.
const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
const fromOpenApiPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1').replace(/\{\*\}$/, '*');

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
