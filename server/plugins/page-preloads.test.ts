import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, createShro, createUser, getAs, pickBox, type SignedInUser } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';
import { fakeWebDist } from '../test/web-dist';

/**
 * Decision 151: a page's HTML starts the page's own code beside the entry (`modulepreload` and
 * style sheet links from the build's page-preloads.json), for the page the app will show this
 * viewer first.
 */
let ctx: TestContext;
let webDist: ReturnType<typeof fakeWebDist>;
let creator: SignedInUser;

beforeAll(async () => {
  webDist = fakeWebDist({
    pages: {
      session: ['/assets/session-A1.js', '/assets/shro-parts-B2.js', '/assets/shro-parts-C3.css'],
      explore: ['/assets/explore-D4.js'],
      'login-required': ['/assets/login-required-E5.js'],
      'not-found': ['/assets/not-found-F6.js'],
      home: ['/assets/home-G7.js', 'https://elsewhere.example/x.js', '/assets/x.js"><script>alert(1)</script>', 42],
      login: 'not a list',
    },
    parts: {
      'shro-view': ['/assets/shro-view-H8.js', '/assets/shro-parts-B2.js'],
      'session-member-actions': ['/assets/safety-parts-I9.js'],
      'creator-board': ['/assets/creator-board-J1.js'],
      'moderation-note': ['/assets/moderation-note-K2.js'],
      'opened-box': ['/assets/opened-box-L3.js', '/assets/opened-box-M4.css'],
    },
    // Only Spanish is listed, so that the other cases see their page's own files alone.
    locales: { es: ['/assets/es-P6.js'] },
    catalogRests: { es: ['/assets/es-R8.js'] },
  });
  ctx = await createTestApp({ webDist: webDist.dir });
  creator = await createUser(ctx);
});
afterAll(async () => {
  await ctx.close();
  webDist.remove();
});

const page = (url: string, cookie?: string) => getAs(ctx, url, cookie);
/** The preload and style sheet links of a page's head, in order. */
const linksOf = (html: string) => {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link rel="(modulepreload|stylesheet)" crossorigin href="([^"]*)">/g)].map(
    (m) => `${m[1]} ${m[2]}`,
  );
};

describe("a page's HTML preloads the page's code", () => {
  it("a visitor's Shro page: the page's chunks as module preloads, its style sheet as a style sheet, in the build's order", async () => {
    const shro = await createShro(ctx, creator.cookie, { isPublic: true });
    const visitor = await page(`/session/${shro.id}`);
    expect(visitor.statusCode).toBe(200);
    expect(linksOf(visitor.body)).toEqual([
      'modulepreload /assets/session-A1.js',
      'modulepreload /assets/shro-parts-B2.js',
      'stylesheet /assets/shro-parts-C3.css',
    ]);
  });

  it("a member's Shro page: the parts their view shows too, each file once", async () => {
    const shro = await createShro(ctx, creator.cookie, { isPublic: true });
    const pageFiles = [
      'modulepreload /assets/session-A1.js',
      'modulepreload /assets/shro-parts-B2.js',
      'stylesheet /assets/shro-parts-C3.css',
    ];
    const game = ['modulepreload /assets/shro-view-H8.js', 'modulepreload /assets/safety-parts-I9.js'];
    const openedBox = ['modulepreload /assets/opened-box-L3.js', 'stylesheet /assets/opened-box-M4.css'];
    // Its creator: the board, the note on why a public Shro may be off Explore, and the boxes'
    // checks (the creator's view opens every box).
    expect(linksOf((await page(`/session/${shro.id}`, creator.cookie)).body)).toEqual([
      ...pageFiles,
      ...game,
      'modulepreload /assets/creator-board-J1.js',
      'modulepreload /assets/moderation-note-K2.js',
      ...openedBox,
    ]);
    // Someone who has not picked: the game; once they have, the opened box's result and checks.
    const picker = await createUser(ctx);
    expect(linksOf((await page(`/session/${shro.id}`, picker.cookie)).body)).toEqual([...pageFiles, ...game]);
    await pickBox(ctx, picker.cookie, shro, 2);
    expect(linksOf((await page(`/session/${shro.id}`, picker.cookie)).body)).toEqual([
      ...pageFiles,
      ...game,
      ...openedBox,
    ]);
  });

  it('a Shro page the viewer may not see: the page alone, no part of the game', async () => {
    const friend = await createUser(ctx);
    await befriend(ctx, creator, friend);
    const secret = await createShro(ctx, creator.cookie, {
      isShareable: false,
      recipients: JSON.stringify([friend.id]),
    });
    const stranger = await createUser(ctx);
    const html = await page(`/session/${secret.id}`, stranger.cookie);
    expect(linksOf(html.body)).toEqual([
      'modulepreload /assets/session-A1.js',
      'modulepreload /assets/shro-parts-B2.js',
      'stylesheet /assets/shro-parts-C3.css',
    ]);
  });

  it("a protected page: the login screen's code for a visitor, the page's own for someone signed in", async () => {
    expect(linksOf((await page('/explore')).body)).toEqual(['modulepreload /assets/login-required-E5.js']);
    expect(linksOf((await page('/explore', creator.cookie)).body)).toEqual(['modulepreload /assets/explore-D4.js']);
  });

  it('a protected page whose viewer cannot be read (the database unreachable): its HTML, without preloads', async () => {
    const app = ctx.app as unknown as { resolveUser: (...args: unknown[]) => Promise<unknown> };
    const resolveUser = app.resolveUser;
    app.resolveUser = async () => {
      throw new Error('connection refused');
    };
    try {
      const html = await page('/explore', creator.cookie);
      expect(html.statusCode).toBe(200);
      expect(html.body).toContain('<div id="root">');
      expect(linksOf(html.body)).toEqual([]);
    } finally {
      app.resolveUser = resolveUser;
    }
    expect(linksOf((await page('/explore', creator.cookie)).body)).toEqual(['modulepreload /assets/explore-D4.js']);
  });

  it("a path of no page: the not-found screen's code, with the 404", async () => {
    const missing = await page('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(linksOf(missing.body)).toEqual(['modulepreload /assets/not-found-F6.js']);
  });

  it("a visitor's home and Shro page: the first part of the catalog in its language, the rest named for the service worker only (decision 169)", async () => {
    const shro = await createShro(ctx, creator.cookie, { isPublic: true });
    for (const path of ['/?lang=es', `/session/${shro.id}?lang=es`]) {
      const spanish = (await page(path)).body;
      expect(linksOf(spanish)[0], path).toBe('modulepreload /assets/es-P6.js');
      expect(linksOf(spanish), path).not.toContain('modulepreload /assets/es-R8.js');
      expect(spanish, path).toContain('<meta name="offline-catalog" content="/assets/es-R8.js">');
    }
    expect((await page('/explore')).body).not.toContain('offline-catalog');
  });

  it('every other page, and any page of a signed-in viewer: the rest of the catalog beside the first (decision 177)', async () => {
    const shro = await createShro(ctx, creator.cookie, { isPublic: true });
    const bothParts = ['modulepreload /assets/es-P6.js', 'modulepreload /assets/es-R8.js'];
    expect(linksOf((await page('/explore?lang=es')).body)).toEqual([
      ...bothParts,
      'modulepreload /assets/login-required-E5.js',
    ]);
    expect(linksOf((await page('/no-such-page?lang=es')).body)).toEqual([
      ...bothParts,
      'modulepreload /assets/not-found-F6.js',
    ]);
    expect(linksOf((await page('/?lang=es', creator.cookie)).body).slice(0, 2)).toEqual(bothParts);
    expect(linksOf((await page(`/session/${shro.id}?lang=es`, creator.cookie)).body).slice(0, 2)).toEqual(bothParts);
  });

  it('links only files under /assets/: anything else in the list is left out, nothing is pasted into the page', async () => {
    const home = (await page('/')).body;
    expect(linksOf(home)).toEqual(['modulepreload /assets/home-G7.js']);
    expect(home).not.toContain('elsewhere.example');
    expect(home).not.toContain('alert(1)');
    // A page whose entry is not a list preloads nothing.
    expect(linksOf((await page('/login')).body)).toEqual([]);
  });
});

describe('a build without page-preloads.json', () => {
  it('serves its pages without preload links', async () => {
    const bare = fakeWebDist();
    const app = await createTestApp({ webDist: bare.dir });
    try {
      const html = await app.app.inject({ method: 'GET', url: '/' });
      expect(html.statusCode).toBe(200);
      expect(linksOf(html.body)).toEqual([]);
    } finally {
      await app.close();
      bare.remove();
    }
  });
});
