import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { picks } from '../db/schema/index';
import { createShro, createUser } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * PostgreSQL text cannot hold U+0000: every request carrying one in its params, query or JSON body
 * (values or keys, at any depth) is refused before a hook or a route touches the database.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const NULL_REFUSAL = { message: 'Text must not contain null characters', code: expect.any(String) };
const nestedKey = JSON.parse('{"k\\u0000": 1}');

describe('null characters', () => {
  it('in a body value, a nested key, a query or a path: 400 {message}, nothing written', async () => {
    const creator = await createUser(ctx, { signedIn: true });
    const picker = await createUser(ctx, { signedIn: true });
    const shro = await createShro(ctx, creator.cookie);
    const boxId = shro.boxes[0]!.id;
    const select = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/sessions/${shro.id}/select`,
        headers: { cookie: picker.cookie },
        payload,
      });
    for (const payload of [
      { boxId, note: '\u0000' },
      { boxId, extra: nestedKey },
      { boxId, list: [['a\u0000b']] },
    ]) {
      const answer = await select(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json()).toEqual(NULL_REFUSAL);
    }
    const query = await ctx.app.inject({ url: '/api/explore?q=a%00b', headers: { cookie: picker.cookie } });
    expect([query.statusCode, query.json()]).toEqual([400, NULL_REFUSAL]);
    const path = await ctx.app.inject({ url: '/api/sessions/a%00b', headers: { cookie: picker.cookie } });
    expect([path.statusCode, path.json()]).toEqual([400, NULL_REFUSAL]);
    expect((await ctx.database.db.select({ n: count() }).from(picks))[0]!.n).toBe(0);
    // The same pick without it goes through.
    expect((await select({ boxId })).statusCode).toBe(200);
  });
});
