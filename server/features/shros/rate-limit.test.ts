import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createUser, postShro, select, textOptions } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: { ...loadConfig().rateLimits, writesPerUser: 3, writeWindowSeconds: 60 } });
});
afterAll(() => ctx.close());

describe('write rate limit on the game', () => {
  it('creates and selects count as writes: past the limit, 429 with Retry-After', async () => {
    const creator = await createUser(ctx);
    const fields = { title: 'Limit', type: 'text', isShareable: 'true', textOptions: textOptions('a', 'b') };
    const statuses: number[] = [];
    let last = await postShro(ctx, creator.cookie, fields);
    const first = last.json();
    statuses.push(last.statusCode);
    for (let i = 0; i < 3; i++) {
      last = await postShro(ctx, creator.cookie, fields);
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(Object.keys(last.json())).toEqual(['message', 'code']);

    // Another user's budget is their own.
    const picker = await createUser(ctx);
    expect((await select(ctx, first.id, picker.cookie, first.boxes[0].id)).statusCode).toBe(200);
  });
});
