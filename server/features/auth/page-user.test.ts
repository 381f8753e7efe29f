import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, getAs } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { fakeWebDist } from '../../test/web-dist';

/**
 * Decision 174: a signed-in page's HTML carries the user exactly as `GET /api/auth/user` answers
 * the same cookie, so the page shows without waiting for that check; a visitor's page carries none.
 */
let ctx: TestContext;
let webDist: ReturnType<typeof fakeWebDist>;

beforeAll(async () => {
  webDist = fakeWebDist();
  ctx = await createTestApp({ webDist: webDist.dir });
});
afterAll(async () => {
  await ctx.close();
  webDist.remove();
});

const BLOCK = /<script type="application\/json" id="current-user">([^<]*)<\/script>/g;
const blocksOf = (html: string) => [...html.matchAll(BLOCK)].map((m) => m[1]!);

describe('a page carries who is signed in', () => {
  it('signed in: the auth check’s answer, byte for byte, before </head>, kept private', async () => {
    const user = await createUser(ctx);
    for (const path of ['/', '/explore', '/history', `/@${user.username}`]) {
      const html = await getAs(ctx, path, user.cookie);
      const blocks = blocksOf(html.body);
      expect(blocks, path).toHaveLength(1);
      expect(blocks[0]).toBe((await getAs(ctx, '/api/auth/user', user.cookie)).body);
      expect(html.body.indexOf('id="current-user"')).toBeLessThan(html.body.indexOf('</head>'));
      // Back after a logout, or the next account in this browser, must never show it again.
      expect(html.headers['cache-control'], path).toBe('private, no-store');
    }
  });

  it('a visitor, or a cookie whose session ended, gets no user and a cacheable page', async () => {
    const html = await getAs(ctx, '/');
    expect(blocksOf(html.body)).toEqual([]);
    expect(html.headers['cache-control']).toBe('no-cache');
    const user = await createUser(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: user.cookie, origin: 'http://localhost' },
    });
    expect(blocksOf((await getAs(ctx, '/explore', user.cookie)).body)).toEqual([]);
  });

  it('no text in the user can leave its block', async () => {
    const user = await createUser(ctx, { firstName: '</script><script>alert(1)</script>' });
    const body = (await getAs(ctx, '/', user.cookie)).body;
    expect(body).not.toContain('<script>alert(1)');
    expect(JSON.parse(blocksOf(body)[0]!).firstName).toBe('</script><script>alert(1)</script>');
  });
});
