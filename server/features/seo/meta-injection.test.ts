import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shroBoxes, shros } from '../../db/schema/index';
import { createUser } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { fakeWebDist } from '../../test/web-dist';

/**
 * Regression (issue 7): titles went into index.html through String.replace with a replacement
 * *string*, so `$&`, `` $` `` and `$'` in a title pasted pieces of the template (quotes
 * included) into the page, breaking out of the meta tags' attributes.
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

describe('server-rendered link previews', () => {
  it.each([
    '0;url=//evil.example/$` http-equiv=refresh x=',
    "a $' b",
    'a $& b',
    '$$ $1 $<name>',
    '"><script>window.__xss=1</script>',
  ])('a title like %j is written as text, once, inside its own tags', async (title) => {
    const creator = await createUser(ctx, { signedIn: false });
    const id = randomUUID();
    await ctx.database.db.insert(shros).values({ id, type: 'text', creatorId: creator.id, title, isPublic: true });
    await ctx.database.db.insert(shroBoxes).values({ shroId: id, position: 1, salt: 'aa', commitment: 'bb' });

    const html = (await ctx.app.inject({ method: 'GET', url: `/session/${id}` })).body;
    // The template appears exactly once: nothing of it was pasted into the tags.
    expect(html.match(/<!doctype html>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    expect(html).not.toContain('<!--server-meta-->');
    expect(html).not.toContain('<script>window.__xss');
    // With every quoted attribute value emptied, no tag has gained an attribute of the title's.
    const tags = html.replace(/"[^"]*"/g, '""').match(/<[^>]*>/g) ?? [];
    expect(tags.filter((tag) => /http-equiv|\sx=/i.test(tag))).toEqual([]);
    // Every attribute value is properly closed: the og:title tag holds exactly the escaped title.
    const escaped = `${title} - Shro`.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
    );
    expect(html).toContain(`<meta data-server-meta property="og:title" content="${escaped}">`);
    expect(html).toContain(`<title>${escaped}</title>`);
  });
});
