import { afterAll, beforeAll, expect, it } from 'vitest';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { block, createShro, createUser, getShro, type SignedInUser } from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { keptShroJsonForViewer } from './view';

/** The cached read path (docs/decisions/078-read-caches.md): time still moves views on. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
});
afterAll(() => ctx.close());

it('a kept view turns expired at expiresAt without any write', async () => {
  const creator = await createUser(ctx);
  const visitorRead = async () => (await getShro(ctx, shro.id)).json().status;
  // Room for the file's first (cold) request on a busy machine; the wait ends just past expiresAt.
  const expiresAt = Date.now() + 3000;
  const shro = await createShro(ctx, creator.cookie, { expiresAt: new Date(expiresAt).toISOString() });
  expect(await visitorRead()).toBe('waiting');
  expect(await visitorRead()).toBe('waiting');
  await new Promise((resolve) => setTimeout(resolve, expiresAt + 100 - Date.now()));
  expect(await visitorRead()).toBe('expired');
  expect((await getShro(ctx, shro.id, creator.cookie)).json().status).toBe('expired');
});

it('repeated reads are served from the cache, and each viewer keeps their own view', async () => {
  const creator = await createUser(ctx);
  const picker = await createUser(ctx);
  const shro = await createShro(ctx, creator.cookie);
  const before = ctx.app.shroCache.stats();
  for (let i = 0; i < 5; i++) expect((await getShro(ctx, shro.id, creator.cookie)).statusCode).toBe(200);
  expect(ctx.app.shroCache.stats().hits).toBeGreaterThanOrEqual(before.hits + 4);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/sessions/${shro.id}/select`,
    headers: { cookie: picker.cookie },
    payload: { boxId: shro.boxes[3]!.id },
  });
  expect(response.statusCode).toBe(200);
  const creatorView = (await getShro(ctx, shro.id, creator.cookie)).json();
  const pickerView = (await getShro(ctx, shro.id, picker.cookie)).json();
  const visitorView = (await getShro(ctx, shro.id)).json();
  expect(creatorView).toMatchObject({ viewerRole: 'creator', participantCount: 1 });
  expect(pickerView).toMatchObject({ viewerRole: 'participant', hasSelected: true });
  expect(pickerView.boxes[3].textContent).toBe('Curry');
  expect(visitorView).toMatchObject({ viewerRole: 'visitor', participantCount: 1 });
  expect(JSON.stringify(visitorView)).not.toContain('Curry');
  expect((await getShro(ctx, shro.id)).headers['content-type']).toBe('application/json; charset=utf-8');
});

it("answers a kept view at once only to its creator and to visitors: a signed-in reader's block still hides the Shro on their next read", async () => {
  const creator = await createUser(ctx);
  const reader = await createUser(ctx);
  const shro = await createShro(ctx, creator.cookie);
  const deps = { cache: ctx.app.shroCache };
  const actor = (user: SignedInUser) => ({ id: user.id, username: user.username });

  const creatorRead = await getShro(ctx, shro.id, creator.cookie);
  const visitorRead = await getShro(ctx, shro.id);
  expect(keptShroJsonForViewer(deps, shro.id, actor(creator))?.text).toBe(creatorRead.body);
  expect(keptShroJsonForViewer(deps, shro.id, null)?.text).toBe(visitorRead.body);
  // A signed-in reader's view is kept too, but each of their reads checks blocks in the database.
  expect((await getShro(ctx, shro.id, reader.cookie)).statusCode).toBe(200);
  expect(keptShroJsonForViewer(deps, shro.id, actor(reader))).toBeUndefined();
  // Each read is one cache hit, answered at once or not.
  for (const cookie of [creator.cookie, reader.cookie, undefined]) {
    const hits = ctx.app.shroCache.stats().hits;
    expect((await getShro(ctx, shro.id, cookie)).statusCode).toBe(200);
    expect(ctx.app.shroCache.stats().hits).toBe(hits + 1);
  }

  // Straight in the database, so no event drops the cached Shro: the read itself must notice.
  await block(ctx, creator, reader);
  const blocked = await getShro(ctx, shro.id, reader.cookie);
  expect(blocked.statusCode).toBe(404);
  expect(blocked.json()).toEqual({ message: SHRO_MESSAGES.notFound, code: expect.any(String) });
  expect((await getShro(ctx, shro.id, creator.cookie)).body).toBe(creatorRead.body);
  expect((await getShro(ctx, shro.id)).body).toBe(visitorRead.body);
});

it('answers nothing at once for a Shro this instance does not hold', async () => {
  const creator = await createUser(ctx);
  const shro = await createShro(ctx, creator.cookie);
  expect((await getShro(ctx, shro.id)).statusCode).toBe(200);
  ctx.app.shroCache.invalidate(shro.id);
  expect(keptShroJsonForViewer({ cache: ctx.app.shroCache }, shro.id, null)).toBeUndefined();
  expect(keptShroJsonForViewer({ cache: ctx.app.shroCache }, 'no-such-shro', null)).toBeUndefined();
  // Read again, it is held again and answered at once.
  const read = await getShro(ctx, shro.id);
  expect(keptShroJsonForViewer({ cache: ctx.app.shroCache }, shro.id, null)?.text).toBe(read.body);
});
