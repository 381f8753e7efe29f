import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_TARGETS } from '../../../contract/analytics-events';
import { analyticsEvents } from '../../db/schema/index';
import { createUser } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/analytics',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const latest = (n: number) =>
  ctx.database.db
    .select({
      userId: analyticsEvents.userId,
      name: analyticsEvents.name,
      category: analyticsEvents.category,
      label: analyticsEvents.label,
      path: analyticsEvents.path,
    })
    .from(analyticsEvents)
    .orderBy(desc(analyticsEvents.id))
    .limit(n);

describe('POST /api/analytics', () => {
  it('stores a visitor’s batch without a user, paths without their query string', async () => {
    const response = await post({
      events: [
        { name: 'page_view', category: 'navigation', path: '/explore?q=secret#x' },
        { name: 'search_movie', category: 'content', label: 'incepti', path: '/create' },
      ],
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ accepted: 2 });
    expect((await latest(2)).reverse()).toEqual([
      { userId: null, name: 'page_view', category: 'navigation', label: null, path: '/explore' },
      { userId: null, name: 'search_movie', category: 'content', label: 'incepti', path: '/create' },
    ]);
  });

  it('stores the user id when signed in, and takes every spec event name and category', async () => {
    const me = await createUser(ctx);
    const events = [
      ['create_shro', 'engagement', 'public'],
      ['select_box', 'engagement', '2'],
      ['share_shro', 'social', 'explore'],
      ['view_result', 'engagement', null],
      ['search_movie', 'content', 'the matrix'],
      ['join_public_shro', 'engagement', null],
      ['view_explore', 'navigation', null],
      ['achievement_unlocked', 'gamification', 'first-shro'],
      ['friend_request', 'social', null],
      ['page_view', 'navigation', null],
    ].map(([name, category, label]) => ({ name, category, label }));
    const response = await post({ events }, { cookie: me.cookie });
    expect(response.statusCode, response.body).toBe(202);
    const stored = (await latest(events.length)).reverse();
    expect(stored.map((e) => [e.userId, e.name, e.category, e.label])).toEqual(
      events.map((e) => [me.id, e.name, e.category, e.label]),
    );
  });

  it('takes a share_shro event for every share target, labelled with the target', async () => {
    const events = SHARE_TARGETS.map((label) => ({ name: 'share_shro', category: 'social', label }));
    const response = await post({ events });
    expect(response.statusCode, response.body).toBe(202);
    const stored = (await latest(events.length)).reverse();
    expect(stored.map((e) => [e.name, e.label])).toEqual(SHARE_TARGETS.map((target) => ['share_shro', target]));
  });

  it('accepts a sendBeacon-style request from the same origin (JSON Blob, Origin header)', async () => {
    const response = await post(
      { events: [{ name: 'page_view', category: 'navigation', path: '/' }] },
      { origin: 'http://shro.test', host: 'shro.test', 'sec-fetch-site': 'same-origin' },
    );
    expect(response.statusCode, response.body).toBe(202);
    const crossSite = await post(
      { events: [{ name: 'page_view', category: 'navigation', path: '/' }] },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
  });

  it('refuses malformed batches with 400 and stores nothing', async () => {
    const before = (await latest(1))[0];
    const ok = { name: 'page_view', category: 'navigation' };
    const cases: [unknown, string][] = [
      [{}, 'events must be a list of 1 to 50 events'],
      [{ events: [] }, 'events must be a list of 1 to 50 events'],
      [{ events: Array.from({ length: 51 }, () => ok) }, 'events must be a list of 1 to 50 events'],
      [{ events: 'page_view' }, 'events must be a list of 1 to 50 events'],
      [[ok], 'events must be a list of 1 to 50 events'],
      [{ events: [{ ...ok, name: 'hack' }] }, expect.stringContaining('Unknown event name')],
      [{ events: [{ ...ok, name: 'PAGE_VIEW' }] }, expect.stringContaining('Unknown event name')],
      [{ events: [{ ...ok, category: 'marketing' }] }, expect.stringContaining('Unknown event category')],
      [{ events: [{ name: 'page_view' }] }, expect.stringContaining('Unknown event category')],
      [{ events: [{ ...ok, label: 'x'.repeat(101) }] }, 'label must be text of at most 100 characters'],
      [{ events: [{ ...ok, label: 42 }] }, 'label must be text of at most 100 characters'],
      [{ events: [{ ...ok, path: 'https://evil.example/' }] }, expect.stringContaining('path must be a path')],
      [{ events: [ok, 'nope'] }, 'Each event must be {name, category, label?, path?}'],
      // A stray field is named with where it sits.
      [{ events: [ok, { ...ok, extra: 1, more: 2 }] }, 'Unknown fields "events.1.extra", "events.1.more".'],
      [{ events: [ok], extra: 1 }, 'Unknown field "extra".'],
      // A share names where it went, from the allow-list only.
      [
        { events: [{ name: 'share_shro', category: 'social', label: 'myspace' }] },
        expect.stringContaining('A share_shro label must be where it was shared'),
      ],
      [
        { events: [{ name: 'share_shro', category: 'social' }] },
        expect.stringContaining('A share_shro label must be where it was shared'),
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toEqual({ message, code: expect.any(String) });
    }
    const notJson = await post('{"events": [');
    expect(notJson.statusCode).toBe(400);
    expect((await latest(1))[0]).toEqual(before);
  });
});

describe('rate limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { analyticsPerClient: 3 } });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After past the limit, per client', async () => {
    const send = (headers: Record<string, string> = {}) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/analytics',
        headers: { 'content-type': 'application/json', ...headers },
        payload: { events: [{ name: 'page_view', category: 'navigation' }] },
      });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(202);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A signed-in user is counted on their own.
    const me = await createUser(limited);
    expect((await send({ cookie: me.cookie })).statusCode).toBe(202);
  });
});
