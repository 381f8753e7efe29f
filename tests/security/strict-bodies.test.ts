import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createUser } from '../../server/test/factories';
import { multipart } from '../../server/test/multipart';
import { createTestApp, type TestContext } from '../../server/test/test-app';
import { changedTables, tableChecksum } from '../support/db-checksum';
import { recordFigure } from '../support/figures';
import { collectRoutes } from '../support/routes';
import { buildWorld } from '../support/world';
import { memberOf, type Role, scenarios } from './authorization-rows';
import { SIGNED_BY_AUTHENTICATOR } from './authorization-rows-passkeys';

/**
 * Strict bodies (issue 10, item 13): every write route refuses a body carrying a field it does not
 * know, with 400 `{message}` and nothing changed, whether the route takes a JSON body, a multipart
 * form or no body at all. A new write route fails here until it is strict or listed below.
 */
const NOT_STRICT: Record<string, string> = {
  'POST /api/csp-report': 'browsers send their own report format; it is logged, never stored, and not ours to fix',
};

const EXTRA = 'unexpectedField';

/** The request with one more field: in the JSON object, as one more multipart part, or as a body of its own. */
function withExtraField(request: InjectOptions): InjectOptions {
  const headers = { ...(request.headers as Record<string, string>) };
  const contentType = headers['content-type'] ?? '';
  const payload = request.payload;
  if (Buffer.isBuffer(payload) && contentType.startsWith('multipart/form-data')) {
    const boundary = /boundary=(?<b>[^;]+)/.exec(contentType)!.groups!.b!;
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="${EXTRA}"\r\n\r\nyes\r\n`;
    return { ...request, payload: Buffer.concat([Buffer.from(part), payload]) };
  }
  const body = typeof payload === 'string' ? JSON.parse(payload) : (payload ?? {});
  return {
    ...request,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ ...(body as object), [EXTRA]: 'yes' }),
  };
}

const succeeds = (status: number | number[]) => [status].flat().some((s) => s < 300);

describe('strict write bodies', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const generous = 1_000_000;
    ctx = await createTestApp({
      redisUrl: undefined,
      rateLimits: {
        ...loadConfig().rateLimits,
        writesPerUser: generous,
        writesPerIp: generous,
        registrationsPerIp: generous,
        loginFailuresPerIp: generous,
        loginFailuresPerUsername: generous,
      },
    });
  });
  afterAll(() => ctx?.close());

  const expectRefused = (response: LightMyRequestResponse, where: string) => {
    expect(response.statusCode, `${where}: ${response.body}`).toBe(400);
    expect(response.json(), where).toEqual({ message: expect.stringContaining(EXTRA), code: expect.any(String) });
  };

  it('every write route answers 400 to an unknown field and changes nothing; the same call without it succeeds', async () => {
    const routes = collectRoutes(ctx.app).filter((r) => /^(POST|PUT|PATCH|DELETE) /.test(r));
    const checked: string[] = [];
    for (const route of routes.filter((r) => !(r in NOT_STRICT))) {
      // Every scenario of the route in which some role succeeds.
      const refusalOnly = route in SIGNED_BY_AUTHENTICATOR;
      const cases = scenarios.filter(
        (s) => s.route === route && (refusalOnly || Object.values(s.expect).some(succeeds)),
      );
      expect(cases.length, `no matrix scenario in which ${route} succeeds`).toBeGreaterThan(0);
      for (const scenario of cases) {
        const role = refusalOnly
          ? 'owner'
          : (['owner', 'friend', 'stranger', 'moderator', 'visitor'] as Role[]).find((r) =>
              succeeds(scenario.expect[r]),
            )!;
        const world = await buildWorld(ctx);
        await scenario.setup?.(ctx, world);
        const member = memberOf(world, role);
        const cookie = member ? { cookie: member.cookie } : ({} as Record<string, string>);
        const request = await scenario.request({ ctx, world, role, cookie });
        const where = `${route} (${scenario.name}, as ${role})`;

        // Work an earlier call started after answering (a reset link) is done before the count.
        await ctx.app.backgroundWork.settled();
        const before = await tableChecksum(ctx.database);
        expectRefused(await ctx.app.inject(withExtraField(request)), where);
        expect(changedTables(before, await tableChecksum(ctx.database)), where).toEqual([]);

        if (refusalOnly) continue;
        const accepted = await ctx.app.inject(await scenario.request({ ctx, world, role, cookie }));
        expect([scenario.expect[role]].flat(), `${where} without the field: ${accepted.body}`).toContain(
          accepted.statusCode,
        );
      }
      checked.push(route);
    }
    recordFigure('strictBodies', { writeRoutes: checked.length, exempt: Object.keys(NOT_STRICT).length });
    for (const route of [...Object.keys(NOT_STRICT), ...Object.keys(SIGNED_BY_AUTHENTICATOR)])
      expect(routes).toContain(route);
  });

  it('nested objects are strict too: a text option, a movie pick, an analytics event', async () => {
    const member = await createUser(ctx);
    const create = (fields: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { cookie: member.cookie },
        payload: { title: 'Nested', type: 'text', isShareable: true, ...fields },
      });
    const before = await tableChecksum(ctx.database);
    expectRefused(
      await create({ textOptions: [{ content: 'a' }, { content: 'b', [EXTRA]: 1 }] }),
      'a text option with an extra key',
    );
    expectRefused(
      await create({
        type: 'movie',
        tmdbOptions: [
          { label: 'A', tmdbData: { id: 1, title: 'One' }, imageUrl: null },
          { label: 'B', tmdbData: { id: 2, title: 'Two', [EXTRA]: 1 }, imageUrl: null },
        ],
      }),
      'a movie pick with an extra key',
    );
    const form = await multipart({
      title: 'Nested',
      type: 'text',
      isShareable: 'true',
      textOptions: JSON.stringify([{ content: 'a', [EXTRA]: 1 }, { content: 'b' }]),
    });
    expectRefused(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { ...form.headers, cookie: member.cookie },
        payload: form.payload,
      }),
      'a multipart text option with an extra key',
    );
    expectRefused(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/analytics',
        headers: { cookie: member.cookie },
        payload: { events: [{ name: 'page_view', category: 'navigation', path: '/', [EXTRA]: 1 }] },
      }),
      'an analytics event with an extra key',
    );
    expect(changedTables(before, await tableChecksum(ctx.database))).toEqual([]);
    // The same create without the stray key works.
    expect((await create({ textOptions: [{ content: 'a' }, { content: 'b' }] })).statusCode).toBe(201);
  });
});
