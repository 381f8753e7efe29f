import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../server/test/test-app';
import { collectRoutes } from '../support/routes';
import { scenarios } from './authorization-rows';

/**
 * Authentication answers first (docs/decisions/088-route-schemas-and-auth-first.md): a visitor
 * calling a route that needs a signed-in user gets 401, whatever the path, query or body holds,
 * never a 400 about a field, a 415 about the content type or a 404 about an id.
 */

/** Routes where a visitor's 401 is not about being signed out. */
const NOT_SESSION_PROTECTED: Record<string, string> = {
  'POST /api/login': '401 answers a wrong password; signing in is open to visitors',
};

/** Too long for any user id, not a notification id, a Shro id no Shro has, not a poster file. */
const JUNK_SEGMENT = `junk-${'x'.repeat(70)}`;
const JUNK_QUERY = `?page=-1&pageSize=abc&tab=nope&q=&hashtag=%23%23!&userIds=${'y'.repeat(80)}&query=a&query=b&junk=1`;

/** The visitor's calls: junk in every part of the request, and bodies that cannot even be read. */
function junkCalls(route: string): InjectOptions[] {
  const [method, pattern] = route.split(' ') as [InjectOptions['method'], string];
  const url = pattern.replace(/:[A-Za-z]+/g, JUNK_SEGMENT) + JUNK_QUERY;
  const calls: InjectOptions[] = [{ method, url }];
  if (method === 'GET') return calls;
  const json = { 'content-type': 'application/json' };
  return [
    ...calls,
    { method, url, headers: json, payload: JSON.stringify({ junk: true, boxId: 'none', emoji: 1, friendId: [] }) },
    { method, url, headers: json, payload: JSON.stringify([1, 2, 3]) },
    { method, url, headers: json, payload: '{"not json' },
    { method, url, headers: { 'content-type': 'text/plain' }, payload: 'junk' },
    { method, url, headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nbroken' },
  ];
}

describe('authentication answers first', () => {
  let ctx: TestContext;
  let protectedRoutes: string[];
  beforeAll(async () => {
    ctx = await createTestApp();
    const routes = collectRoutes(ctx.app);
    // A route is for signed-in users when a visitor gets 401 in every one of its authorization rows.
    protectedRoutes = routes.filter((route) => {
      const rows = scenarios.filter((s) => s.route === route);
      return rows.length > 0 && rows.every((s) => s.expect.visitor === 401) && !(route in NOT_SESSION_PROTECTED);
    });
  });
  afterAll(() => ctx?.close());

  it('finds the protected routes in the authorization rows', () => {
    // Most of the API needs a signed-in user; a rule that matched nothing would check nothing.
    expect(protectedRoutes.length).toBeGreaterThan(25);
    expect(protectedRoutes).toEqual(
      expect.arrayContaining(['POST /api/sessions', 'PATCH /api/profile', 'GET /api/explore/search']),
    );
    for (const route of Object.keys(NOT_SESSION_PROTECTED)) expect(protectedRoutes).not.toContain(route);
  });

  it('answers 401 to a visitor on every protected route, whatever the request holds', async () => {
    const failures: string[] = [];
    for (const route of protectedRoutes) {
      for (const call of junkCalls(route)) {
        const response = await ctx.app.inject(call);
        const where = `${route} ${call.headers ? JSON.stringify(call.headers) : 'no body'} ${String(call.payload ?? '').slice(0, 40)}`;
        if (response.statusCode !== 401) failures.push(`${where}: ${response.statusCode} ${response.body}`);
        else expect(response.json(), where).toEqual({ message: 'Unauthorized', code: expect.any(String) });
      }
    }
    expect(failures).toEqual([]);
  });
});
