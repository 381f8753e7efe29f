import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shro } from '../../../contract/shro-views';
import { shros } from '../../db/schema/index';
import {
  befriend,
  createShro,
  createUser,
  getAs,
  getShro,
  insertShro,
  type SignedInUser,
  textOptions,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { fakeWebDist } from '../../test/web-dist';

/**
 * Decision 140: a `/session/:id` page's HTML carries the Shro exactly as `GET /api/sessions/:id`
 * answers the same cookie, so a phone needs no second round trip before the boxes show. It must
 * never carry more than that read would, and no text in it can leave its data block.
 */
let ctx: TestContext;
let webDist: ReturnType<typeof fakeWebDist>;
let creator: SignedInUser;

beforeAll(async () => {
  webDist = fakeWebDist();
  ctx = await createTestApp({ webDist: webDist.dir });
  creator = await createUser(ctx);
});
afterAll(async () => {
  await ctx.close();
  webDist.remove();
});

const page = (url: string, cookie?: string) => getAs(ctx, url, cookie);
const BLOCK = /<script type="application\/json" data-api-path="([^"]*)" data-at="(\d+)">([^<]*)<\/script>/g;
/** The data blocks of a page: the API path each answers, when it was read, and its text as JSON.parse reads it. */
const blocksOf = (html: string) =>
  [...html.matchAll(BLOCK)].map((m) => ({ apiPath: m[1], at: Number(m[2]), text: m[3]! }));

describe('a Shro page carries its Shro', () => {
  it('for a visitor: the API answer, byte for byte, in one data block before </head>, kept private', async () => {
    const shro = await createShro(ctx, creator.cookie, { isPublic: true, title: 'Lunch?' });
    const before = Date.now();
    const html = await page(`/session/${shro.id}`);
    expect(html.statusCode).toBe(200);
    // No cache keeps a viewer's page: Back after a logout must not show it again.
    expect(html.headers['cache-control']).toBe('private, no-store');
    const blocks = blocksOf(html.body);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.apiPath).toBe(`/api/sessions/${shro.id}`);
    // When it was read, for the app to know how fresh it is.
    expect(blocks[0]!.at).toBeGreaterThanOrEqual(before);
    expect(blocks[0]!.at).toBeLessThanOrEqual(Date.now());
    expect(html.body.indexOf(`data-api-path="/api/sessions/${shro.id}"`)).toBeLessThan(html.body.indexOf('</head>'));
    expect(JSON.parse(blocks[0]!.text)).toEqual(JSON.parse((await getShro(ctx, shro.id)).body));
    expect(blocks[0]!.text).toBe((await getShro(ctx, shro.id)).body);
  });

  it('hidden boxes stay hidden: no option text the visitor’s read would not show', async () => {
    const shro = await createShro(ctx, creator.cookie, {
      isPublic: true,
      textOptions: textOptions('SECRET-ALPHA', 'SECRET-BRAVO', 'SECRET-CHARLIE', 'SECRET-DELTA'),
    });
    const html = (await page(`/session/${shro.id}`)).body;
    expect(blocksOf(html)).toHaveLength(1);
    expect(html).not.toContain('SECRET-');
  });

  it('for a signed-in viewer: their own view, as the API answers their cookie', async () => {
    const shro = await createShro(ctx, creator.cookie, { isPublic: true });
    const picker = await createUser(ctx);
    const asCreator = blocksOf((await page(`/session/${shro.id}`, creator.cookie)).body);
    expect(asCreator[0]!.text).toBe((await getShro(ctx, shro.id, creator.cookie)).body);
    expect((JSON.parse(asCreator[0]!.text) as Shro).viewerRole).toBe('creator');
    const asPicker = blocksOf((await page(`/session/${shro.id}`, picker.cookie)).body);
    expect(asPicker[0]!.text).toBe((await getShro(ctx, shro.id, picker.cookie)).body);
    expect((JSON.parse(asPicker[0]!.text) as Shro).viewerRole).toBe('viewer');
  });

  it('a Shro the viewer may not see, an unknown or malformed id: no block, nothing of the Shro', async () => {
    const other = await createUser(ctx);
    await befriend(ctx, creator, other);
    const hidden = await createShro(ctx, creator.cookie, {
      title: 'PRIVATE-TITLE',
      isShareable: false,
      recipients: JSON.stringify([other.id]),
    });
    for (const [url, cookie] of [
      [`/session/${hidden.id}`, undefined],
      [`/session/${hidden.id}`, (await createUser(ctx)).cookie],
      ['/session/00000000-0000-4000-8000-000000000000', undefined],
      ['/session/not%20an%20id', undefined],
    ] as const) {
      const html = (await page(url, cookie)).body;
      expect(blocksOf(html), url).toEqual([]);
      expect(html).not.toContain('PRIVATE-TITLE');
    }
    // Its recipient gets it.
    expect(blocksOf((await page(`/session/${hidden.id}`, other.cookie)).body)).toHaveLength(1);
  });

  it('a Shro moderation took out of sight: nothing for a page without a viewer (a crawler), its view for a viewer', async () => {
    const shro = await createShro(ctx, creator.cookie, { isPublic: true, title: 'UNDER-REVIEW' });
    await ctx.database.db.update(shros).set({ moderationStatus: 'pending_review' }).where(eq(shros.id, shro.id));
    ctx.app.shroCache.invalidate(shro.id);
    const anonymous = (await page(`/session/${shro.id}`)).body;
    expect(blocksOf(anonymous)).toEqual([]);
    expect(anonymous).not.toContain('UNDER-REVIEW');
    const viewer = await createUser(ctx);
    const theirs = blocksOf((await page(`/session/${shro.id}`, viewer.cookie)).body);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.text).toBe((await getShro(ctx, shro.id, viewer.cookie)).body);
  });

  it.each(['</script><script>window.__xss=1</script>', '<!-- <script>', '\u2028 \u2029 & " \' > <'])(
    'a title like %j stays inside the block, and reads back as written',
    async (title) => {
      const { id } = await insertShro(ctx, creator.id, { title, isPublic: true });
      const plain = await insertShro(ctx, creator.id, { title: 'Plain', isPublic: true });
      const scripts = (html: string) => html.split('<script').length;
      const html = (await page(`/session/${id}`)).body;
      const blocks = blocksOf(html);
      expect(blocks).toHaveLength(1);
      expect((JSON.parse(blocks[0]!.text) as Shro).title).toBe(title);
      expect(html).not.toContain('<script>window.__xss');
      // No element more than a plain title's page has.
      expect(scripts(html)).toBe(scripts((await page(`/session/${plain.id}`)).body));
    },
  );

  it('other pages carry nothing, and nothing makes them private', async () => {
    for (const url of ['/', '/explore', '/@nobody-here']) {
      const answer = await page(url);
      expect(blocksOf(answer.body), url).toEqual([]);
      expect(answer.headers['cache-control'], url).not.toContain('private');
    }
  });
});

describe('the signed-in home carries its first reads (decision 176)', () => {
  it('the inbox and the friend requests, each as its API answers the same cookie, kept private', async () => {
    const me = await createUser(ctx);
    const asker = await createUser(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/friends/request',
      headers: { cookie: asker.cookie, origin: 'http://localhost', 'content-type': 'application/json' },
      payload: { friendId: me.id },
    });
    await createShro(ctx, me.cookie, { isPublic: true, title: 'Still open' });
    const html = await page('/', me.cookie);
    expect(html.headers['cache-control']).toBe('private, no-store');
    const blocks = blocksOf(html.body);
    expect(blocks.map((block) => block.apiPath)).toEqual(['/api/home', '/api/friends/requests']);
    expect(blocks[0]!.text).toBe((await getAs(ctx, '/api/home', me.cookie)).body);
    expect(blocks[1]!.text).toBe((await getAs(ctx, '/api/friends/requests', me.cookie)).body);
    expect(JSON.parse(blocks[1]!.text)).toHaveLength(1);
    expect(JSON.parse(blocks[0]!.text).live).toHaveLength(1);
  });

  it('a visitor’s home and the signed-in user’s other pages carry none of them', async () => {
    const me = await createUser(ctx);
    expect(blocksOf((await page('/')).body)).toEqual([]);
    for (const url of ['/explore', '/history', '/friends'])
      expect(blocksOf((await page(url, me.cookie)).body), url).toEqual([]);
  });
});
