import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseClient } from '../../server/test/sse-client';
import { createTestApp, type TestContext, withoutRateLimits } from '../../server/test/test-app';
import { recordFigure } from '../support/figures';
import { collectRoutes } from '../support/routes';
import { buildWorld, type World } from '../support/world';
import { type Call, memberOf, ROLES, type Role, type Scenario, scenarios } from './authorization-rows';

let ctx: TestContext;
let routes: string[];
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestApp(withoutRateLimits);
  routes = collectRoutes(ctx.app);
  // Event streams never end, so they are called over real HTTP.
  baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => ctx?.close());

const callAs = (world: World, role: Role): Call => {
  const member = memberOf(world, role);
  return { ctx, world, role, cookie: member ? { cookie: member.cookie } : {} };
};

async function run(scenario: Scenario, world: World, role: Role) {
  const call = callAs(world, role);
  const request = await scenario.request(call);
  const response = scenario.stream ? await openStream(String(request.url), call.cookie) : await ctx.app.inject(request);
  const allowed = [scenario.expect[role]].flat();
  expect(allowed, `${role}: ${response.statusCode} ${response.body.slice(0, 300)}`).toContain(response.statusCode);
  if (response.statusCode >= 400) {
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(response.json())).toEqual(['message', 'code']);
  }
  await scenario.check?.(call, response);
}

/** Opens an event stream, waits for its first message and answers it as if it were the body. */
async function openStream(url: string, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  const client = await SseClient.open(`${baseUrl}${url}`, headers);
  const first = client.messages[0];
  await client.close();
  return {
    statusCode: client.status,
    headers: { 'content-type': 'text/event-stream' },
    body: first?.data ?? '',
    json: () => first?.json,
  } as unknown as LightMyRequestResponse;
}

describe('the matrix covers the app', () => {
  it('has rows for every route the app serves, for every role', () => {
    const covered = new Set(scenarios.map((s) => s.route));
    const missing = routes.filter((route) => !covered.has(route));
    expect(missing, 'routes without authorization rows: add them to tests/security/authorization-rows.ts').toEqual([]);
    for (const scenario of scenarios) expect(Object.keys(scenario.expect).sort()).toEqual([...ROLES].sort());
    recordFigure('matrix', {
      routes: routes.length,
      roles: ROLES.length,
      knownBugs: scenarios.filter((s) => s.knownBug).length,
      scenarios: scenarios.length,
      cells: scenarios.length * ROLES.length,
      routeRoleCells: routes.length * ROLES.length,
    });
    console.log(
      `authorization matrix: ${routes.length} routes × ${ROLES.length} roles, ${scenarios.length} scenarios, ${scenarios.length * ROLES.length} calls`,
    );
  });

  it('names no route the app does not have', () => {
    const known = new Set(routes);
    expect(scenarios.map((s) => s.route).filter((route) => !known.has(route))).toEqual([]);
  });
});

describe.each(scenarios.map((s) => [`${s.route}: ${s.name}`, s] as const))('%s', (_title, scenario) => {
  const roles = ROLES.filter((role) => role !== scenario.knownBug?.role);
  it(roles.map((role) => `${role} ${[scenario.expect[role]].flat().join('|')}`).join(', '), async () => {
    if (scenario.fresh) {
      for (const role of roles) {
        const world = await buildWorld(ctx);
        await scenario.setup?.(ctx, world);
        await run(scenario, world, role);
      }
      return;
    }
    const world = await buildWorld(ctx);
    await scenario.setup?.(ctx, world);
    // Denied callers go first: nothing they do may change what the allowed ones then see.
    for (const role of roles) await run(scenario, world, role);
  });
  const bug = scenario.knownBug;
  if (bug) {
    // Fails today; once the server is fixed this passes, so `it.fails` reports it: remove the marker.
    it.fails(`known bug, ${bug.role} should get ${[scenario.expect[bug.role]].flat().join('|')} (${bug.where})`, async () => {
      const world = await buildWorld(ctx);
      await scenario.setup?.(ctx, world);
      await run(scenario, world, bug.role);
    });
  }
});
