import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../contract/locales';
import { fixedPages } from '../../../contract/pages';
import { APP_DESCRIPTION, pageMeta } from '../../../contract/seo';
import { shroBoxes, shros, users } from '../../db/schema/index';
import { translate } from '../../i18n/catalogs';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { PAGE_META_TEXTS } from './render-meta';

let ctx: TestContext;
let webDist: string;
let creator: TestUser;

async function insertShro(values: { title: string; isPublic?: boolean; isShareable?: boolean }) {
  const id = randomUUID();
  await ctx.database.db.insert(shros).values({ id, type: 'text', creatorId: creator.id, ...values });
  // Two filled boxes and two left empty (docs/decisions/003-box-filling.md).
  await ctx.database.db.insert(shroBoxes).values([
    {
      shroId: id,
      position: 1,
      label: 'SECRET-BOX-LABEL',
      textContent: 'SECRET-BOX-TEXT',
      salt: 'aa',
      commitment: 'bb',
    },
    { shroId: id, position: 2, textContent: 'SECRET-BOX-TEXT-2', salt: 'ab', commitment: 'bc' },
    { shroId: id, position: 3, salt: 'ac', commitment: 'bd' },
    { shroId: id, position: 4, salt: 'ad', commitment: 'be' },
  ]);
  return id;
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Shro</title>\n<!--server-meta-->\n</head><body><div id="root"></div></body></html>',
  );
  // The Host these tests send is on the allow-list (public-origin.test.ts covers other Hosts).
  ctx = await createTestApp({ webDist, publicOrigin: undefined, allowedHosts: ['shro.test'] });
  creator = await createUser(ctx, { username: 'meta_creator', signedIn: false });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { host: 'shro.test' } });

/** The og:image and twitter:image of a page. */
const socialImages = (html: string) => ({
  og: /property="og:image" content="([^"]*)"/.exec(html)?.[1],
  twitter: /name="twitter:image" content="([^"]*)"/.exec(html)?.[1],
});
const GENERIC_IMAGES = { og: 'http://shro.test/og-image.png', twitter: 'http://shro.test/og-image.png' };

describe('server-rendered page metadata', () => {
  it('gives the home page its title, canonical link, social tags and free-app structured data', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const html = response.body;
    expect(html).toContain('<title>Shro – Mystery box decisions with friends</title>');
    expect(html).toContain('<link data-server-meta rel="canonical" href="http://shro.test/">');
    expect(html).toContain('property="og:image" content="http://shro.test/og-image.png"');
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    expect(html).toContain('content="index, follow"');
    const jsonLd = JSON.parse(/<script data-server-meta type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(jsonLd.offers).toEqual({ '@type': 'Offer', price: '0', priceCurrency: 'USD' });
    expect([jsonLd.inLanguage, jsonLd.description]).toEqual(['en', APP_DESCRIPTION]);
  });

  it('previews a public Shro by title and creator, never by box content', async () => {
    const id = await insertShro({ title: 'Friday <b>movie</b> "night"', isPublic: true });
    const html = (await page(`/session/${id}`)).body;
    expect(html).toContain('<title>Friday &lt;b&gt;movie&lt;/b&gt; &quot;night&quot; - Shro</title>');
    // It says how many options there are (the filled boxes), never what they are.
    expect(html).toContain('@meta_creator hid 2 options in 2 mystery boxes.');
    expect(html).not.toContain('<b>movie</b>');
    expect(html).not.toContain('SECRET-BOX');
    expect(html).toContain('content="index, follow"');
    // Its own preview image (decision 125), absolute, versioned by what it shows.
    const image = new RegExp(`^http://shro\\.test/api/sessions/${id}/preview\\.png\\?v=[\\w-]{22}$`);
    expect(socialImages(html).og).toMatch(image);
    expect(socialImages(html).twitter).toBe(socialImages(html).og);
    expect(html).toContain('property="og:image:width" content="1200"');
    expect(html).toContain('property="og:image:height" content="630"');
    const served = await page(new URL(socialImages(html).og!).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it("words the title and description in the reader's language, the Shro's own title untouched", async () => {
    const home = (
      await ctx.app.inject({ method: 'GET', url: '/', headers: { host: 'shro.test', 'accept-language': 'ja' } })
    ).body;
    expect(home).toContain(`<title>${translate('ja', pageMeta.home.title)}</title>`);
    expect(translate('ja', pageMeta.home.title)).not.toBe(pageMeta.home.title);
    // The app's structured data says what it is in the page's language too.
    const jsonLd = JSON.parse(/<script data-server-meta type="application\/ld\+json">(.*?)<\/script>/.exec(home)![1]!);
    expect([jsonLd.inLanguage, jsonLd.description]).toEqual(['ja', translate('ja', APP_DESCRIPTION)]);
    expect(jsonLd.description).not.toBe(APP_DESCRIPTION);
    expect(home).toContain(
      `<meta data-server-meta name="keywords" content="${translate('ja', pageMeta.home.keywords)}">`,
    );
    expect(translate('ja', pageMeta.home.keywords)).not.toBe(pageMeta.home.keywords);

    const id = await insertShro({ title: 'Pizza night', isPublic: true });
    const shro = (
      await ctx.app.inject({
        method: 'GET',
        url: `/session/${id}`,
        headers: { host: 'shro.test', cookie: 'shro_locale=ar' },
      })
    ).body;
    const title = translate('ar', PAGE_META_TEXTS.shroTitle, { title: 'Pizza night' });
    expect(shro).toContain(`<title>${title}</title>`);
    expect(title).toContain('Pizza night');
    const description = translate('ar', PAGE_META_TEXTS.shroDescription, { creator: 'meta_creator', filled: 2 });
    expect(description).not.toContain('mystery');
    expect(shro).toContain(`<meta data-server-meta name="description" content="${description}">`);
  });

  it('lists an address per language for search engines, each canonical in its own language', async () => {
    const bare = (await page('/explore')).body;
    expect(bare).toContain('<link data-server-meta rel="canonical" href="http://shro.test/explore">');
    for (const locale of LOCALES) {
      expect(bare).toContain(
        `<link data-server-meta rel="alternate" hreflang="${locale}" href="http://shro.test/explore?lang=${locale}">`,
      );
    }
    expect(bare).toContain(
      '<link data-server-meta rel="alternate" hreflang="x-default" href="http://shro.test/explore">',
    );

    // The address's language wins over the browser's and the cookie's.
    const german = await ctx.app.inject({
      method: 'GET',
      url: '/explore?lang=de',
      headers: { host: 'shro.test', 'accept-language': 'fr', cookie: 'shro_locale=ja' },
    });
    expect(german.body).toContain(`<title>${translate('de', pageMeta.explore.title)}</title>`);
    expect(german.body).toContain('<link data-server-meta rel="canonical" href="http://shro.test/explore?lang=de">');
    // A language Shro does not speak names no address: the page is negotiated as usual.
    const unknown = await ctx.app.inject({ method: 'GET', url: '/explore?lang=xx', headers: { host: 'shro.test' } });
    expect(unknown.body).toContain(`<title>${pageMeta.explore.title}</title>`);
    expect(unknown.body).toContain('rel="canonical" href="http://shro.test/explore">');
    // Pages kept out of indexes list no alternates.
    expect((await page('/session/00000000-0000-4000-8000-000000000000')).body).not.toContain('hreflang');
  });

  it('versions the preview image by the state it shows', async () => {
    const id = await insertShro({ title: 'Counting', isShareable: true });
    const before = socialImages((await page(`/session/${id}`)).body).og;
    expect(socialImages((await page(`/session/${id}`)).body).og).toBe(before);
    await ctx.database.db.update(shros).set({ participantCount: 3 }).where(eq(shros.id, id));
    const after = socialImages((await page(`/session/${id}`)).body).og;
    expect(after).not.toBe(before);
    expect(after).toMatch(new RegExp(`/api/sessions/${id}/preview\\.png\\?v=`));
  });

  it("points og:image at the preview image in the page's language, each with its own version", async () => {
    const id = await insertShro({ title: 'Tapas', isPublic: true });
    const imageOf = async (url: string, headers: Record<string, string> = {}) =>
      socialImages((await ctx.app.inject({ method: 'GET', url, headers: { host: 'shro.test', ...headers } })).body);
    const english = (await imageOf(`/session/${id}`)).og!;
    const spanish = await imageOf(`/session/${id}?lang=es`);
    expect(spanish.og).toMatch(
      new RegExp(`^http://shro\\.test/api/sessions/${id}/preview\\.png\\?v=[\\w-]{22}&amp;lang=es$`),
    );
    expect(spanish.twitter).toBe(spanish.og);
    // A page in Arabic because of the cookie points at the Arabic image.
    const arabic = (await imageOf(`/session/${id}`, { cookie: 'shro_locale=ar' })).og!;
    expect(arabic).toMatch(/&amp;lang=ar$/);
    const urls = [english, spanish.og!, arabic].map((each) => new URL(each.replace(/&amp;/g, '&')));
    expect(new Set(urls.map((url) => url.searchParams.get('v'))).size).toBe(3);
    // Each URL answers the image it names, its ETag the URL's version.
    for (const url of urls) {
      const served = await page(`${url.pathname}${url.search}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers.etag).toBe(`"${url.searchParams.get('v')}"`);
    }
  });

  /** What a link preview of a Shro that may not be advertised shows: the private Shro's generic tags. */
  const expectGeneric = (html: string, ...secrets: string[]) => {
    for (const secret of secrets) expect(html.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(html).toContain('<title>A mystery box is waiting - Shro</title>');
    expect(html).toContain('content="noindex, nofollow"');
    expect(socialImages(html)).toEqual(GENERIC_IMAGES);
  };

  it.each(['hidden', 'pending_review', 'auto_hidden'] as const)(
    'tells nothing about a Shro moderation marked %s: no title, no creator, the generic image (decision 125)',
    async (moderationStatus) => {
      for (const flags of [{ isPublic: true }, { isShareable: true }]) {
        const title = `Moderated ${moderationStatus} ${randomUUID().slice(0, 6)}`;
        const id = await insertShro({ title, ...flags });
        await ctx.database.db.update(shros).set({ moderationStatus }).where(eq(shros.id, id));
        const response = await page(`/session/${id}`);
        expect(response.statusCode).toBe(200);
        expectGeneric(response.body, title, 'meta_creator');
      }
    },
  );

  it("tells nothing about a suspended creator's public and link Shros, nor their profile, until the suspension ends", async () => {
    const suspended = await createUser(ctx, { username: 'meta_suspended', firstName: 'Suzy', signedIn: false });
    const ids = [randomUUID(), randomUUID()];
    await ctx.database.db.insert(shros).values([
      { id: ids[0]!, type: 'text', creatorId: suspended.id, title: 'Theirs in public', isPublic: true },
      { id: ids[1]!, type: 'text', creatorId: suspended.id, title: 'Theirs by link', isShareable: true },
    ]);
    const suspend = (until: Date) =>
      ctx.database.db
        .update(users)
        .set({ suspendedUntil: until, suspensionReason: 'spam' })
        .where(eq(users.id, suspended.id));
    await suspend(new Date(Date.now() + 3_600_000));
    for (const id of ids) expectGeneric((await page(`/session/${id}`)).body, 'Theirs', 'meta_suspended', 'Suzy');
    // The profile page reads like an unknown user's: 404, nothing about them.
    const profile = await page('/@meta_suspended');
    expect(profile.statusCode).toBe(404);
    expect(profile.body.toLowerCase()).not.toContain('meta_suspended');
    expect(profile.body).not.toContain('Suzy');
    expect(profile.body).toContain('content="noindex, nofollow"');

    await suspend(new Date(Date.now() - 1000));
    expect((await page(`/session/${ids[0]}`)).body).toContain('<title>Theirs in public - Shro</title>');
    expect((await page('/@meta_suspended')).body).toContain('<title>Suzy (@meta_suspended) - Shro</title>');
  });

  it('keeps link-shared Shros out of search indexes', async () => {
    const id = await insertShro({ title: 'Link only', isShareable: true });
    const html = (await page(`/session/${id}`)).body;
    expect(html).toContain('<title>Link only - Shro</title>');
    expect(html).toContain('content="noindex, nofollow"');
    expect(socialImages(html).og).toMatch(new RegExp(`^http://shro\\.test/api/sessions/${id}/preview\\.png\\?v=`));
    expect(socialImages(html).twitter).toBe(socialImages(html).og);
  });

  it('tells nothing about a private Shro, not even its title', async () => {
    const id = await insertShro({ title: 'Private surprise party' });
    const response = await page(`/session/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Private surprise party');
    expect(response.body).not.toContain('meta_creator');
    expect(response.body).toContain('A mystery box is waiting');
    expect(response.body).toContain('content="noindex, nofollow"');
    expect(socialImages(response.body)).toEqual(GENERIC_IMAGES);
  });

  it('previews a public profile without the email', async () => {
    const html = (await page('/@META_CREATOR')).body;
    expect(html).toContain('<title>@meta_creator - Shro</title>');
    expect(html).toContain('href="http://shro.test/@meta_creator"');
    expect(html).not.toContain('@example.com');
  });

  it('answers unknown pages with the app (its 404 page) and a 404 status, unknown API paths with JSON', async () => {
    const missing = await page('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
    const api = await page('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toMatch(/not found/);
    expect((await page('/history')).statusCode).toBe(200);
  });

  it('answers every fixed page of the page table: its own tags, or the home page tags kept out of indexes', async () => {
    expect([...fixedPages.keys()]).toEqual(expect.arrayContaining(['/', '/explore', '/login', '/history', '/test']));
    for (const [pagePath, entry] of fixedPages) {
      const response = await page(pagePath);
      expect(response.statusCode, pagePath).toBe(200);
      const title = entry.meta?.title ?? pageMeta.home.title;
      expect(response.body, pagePath).toContain(`<title>${title.replace('&', '&amp;')}</title>`);
      expect(response.body, pagePath).toContain(`rel="canonical" href="http://shro.test${pagePath}"`);
      expect(response.body, pagePath).toContain(`content="${entry.meta ? 'index, follow' : 'noindex, nofollow'}"`);
    }
    // A path the table does not hold is the not-found screen.
    expect((await page('/preferences')).statusCode).toBe(404);
  });

  it('answers a path the way the app reads it, in any letter case and with a trailing slash, canonical at the page own path', async () => {
    for (const url of ['/Explore', '/EXPLORE/', '/explore/']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<title>${pageMeta.explore.title.replace('&', '&amp;')}</title>`);
      expect(response.body, url).toContain('rel="canonical" href="http://shro.test/explore"');
    }
    const history = await page('/History');
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain('rel="canonical" href="http://shro.test/history"');
    const id = await insertShro({ title: 'Any case', isPublic: true });
    const shro = await page(`/Session/${id}`);
    expect(shro.statusCode).toBe(200);
    expect(shro.body).toContain('<title>Any case - Shro</title>');
    expect(shro.body).toContain(`rel="canonical" href="http://shro.test/session/${id}"`);
    const invite = await page('/Invite/some-token/');
    expect(invite.statusCode).toBe(200);
    expect(invite.body).toContain('rel="canonical" href="http://shro.test/invite/some-token"');
    // The app shows a profile under any path below it, and for an encoded name.
    for (const url of ['/@meta_creator/anything', '/@%6Deta_creator']) {
      const profile = await page(url);
      expect(profile.statusCode, url).toBe(200);
      expect(profile.body, url).toContain('rel="canonical" href="http://shro.test/@meta_creator"');
    }
    // The router's own not-found paths stay not found: an empty parameter, a page under a page.
    for (const url of ['/session/', '/invite/', '/explore/more', '/Preferences'])
      expect((await page(url)).statusCode, url).toBe(404);
  });

  it('sends security headers with pages', async () => {
    const response = await page('/');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
