import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shros } from '../../db/schema/index';
import { createUser } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('counts every public and link Shro, never a private one', async () => {
  const empty = await ctx.app.inject({ method: 'GET', url: '/api/platform/stats' });
  expect(empty.json()).toEqual({ totalShros: 0 });
  const user = await createUser(ctx, { signedIn: false });
  await ctx.database.db.insert(shros).values(
    [1, 2, 3].map((n) => ({
      id: randomUUID(),
      title: `Shro ${n}`,
      type: 'text' as const,
      creatorId: user.id,
      isPublic: true,
    })),
  );
  await ctx.database.db.insert(shros).values([
    { id: randomUUID(), title: 'By link', type: 'text' as const, creatorId: user.id, isShareable: true },
    { id: randomUUID(), title: 'Private', type: 'text' as const, creatorId: user.id },
  ]);
  const after = await ctx.app.inject({ method: 'GET', url: '/api/platform/stats' });
  expect(after.json()).toEqual({ totalShros: 4 });
});
