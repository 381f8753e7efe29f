import type { APIResponse, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/chromium';
import { recordFigure } from '../support/figures';
import { filterSafe } from '../support/filter-safe';

/**
 * Stored XSS, checked in Chromium: every user-written text that pages show (titles, box labels
 * and texts, chat messages, first and last names, notification texts built from titles) holds
 * an HTML/script payload, and every page that shows it must show it as literal text with no
 * script run. The contexts bypass CSP on purpose: the CSP would stop an inline handler, and
 * would hide a page that renders text as HTML; here any such slip runs and sets `__xss`.
 * Usernames and hashtags cannot carry markup at all (their character sets are checked too).
 */
const P_IMG = '<img src=x onerror="window.__xss=1">';
const P_SCRIPT = '<script>window.__xss=1</script>';
const P_SVG = '"><svg onload=window.__xss=1>';
const P_IFRAME = "<iframe srcdoc='<script>parent.__xss=1</script>'>";
const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" onload="window.__xss=1"><script>window.__xss=1;alert(1)</script><rect width="64" height="64" fill="#c0f"/></svg>',
);

let browser: Browser;
const contexts: BrowserContext[] = [];
let pagesChecked = 0;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  recordFigure('xss', { pagesChecked, payloads: 4 });
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
});

const baseURL = () => inject('baseURL');
const origin = () => ({ origin: baseURL() });
let counter = 0;
/** A unique username for this run, and never a name the word filter refuses (random letters sometimes spell a listed word). */
const uniqueName = (prefix: string) =>
  filterSafe(() => `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`.slice(0, 30));

async function ok(response: APIResponse) {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** A signed-in context that runs injected handlers if any get into the page (CSP bypassed). */
async function person(prefix: string, firstName: string, lastName: string) {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(10_000);
  contexts.push(context);
  // alert/confirm/prompt count as a hit too.
  await context.addInitScript(() => {
    for (const name of ['alert', 'confirm', 'prompt'] as const) {
      (window as unknown as Record<string, unknown>)[name] = () => {
        (window as unknown as { __xss: number }).__xss = 1;
      };
    }
  });
  const username = uniqueName(prefix);
  const user = await ok(
    await context.request.post('/api/register', {
      data: {
        username,
        email: `${username}@example.com`,
        password: 'secret123',
        confirmPassword: 'secret123',
        firstName,
        lastName,
        acceptTerms: true,
      },
      headers: origin(),
    }),
  );
  return { context, user: user as { id: string; username: string } };
}

/** The page shows each text literally, no payload element exists, and no script ran. */
async function expectInert(page: Page, texts: string[], where: string) {
  for (const text of texts) {
    await expect
      .poll(() => page.getByText(text, { exact: false }).first().isVisible(), {
        timeout: 10_000,
        message: `${where}: "${text}" shown as text`,
      })
      .toBe(true);
  }
  // Give lazy content and polling a moment to render whatever they render.
  await page.waitForTimeout(300);
  const found = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    injected: document.querySelectorAll(
      'img[src="x"], svg[onload], iframe[srcdoc], script:not([src]):not([type="application/ld+json"])',
    ).length,
  }));
  expect(found, where).toEqual({ xss: undefined, injected: 0 });
  pagesChecked++;
}

describe('stored XSS payloads render as text on every page that shows them', () => {
  it('titles, labels, box texts, names, chat and notifications', async () => {
    const alice = await person('alice', P_SVG, P_IMG);
    const bob = await person('bob', P_SCRIPT, P_IFRAME);
    await ok(
      await alice.context.request.post('/api/friends/request', { data: { friendId: bob.user.id }, headers: origin() }),
    );
    await ok(
      await bob.context.request.post('/api/friends/accept', { data: { friendId: alice.user.id }, headers: origin() }),
    );

    const privateShro = await ok(
      await alice.context.request.post('/api/sessions', {
        headers: origin(),
        data: {
          title: `Pick ${P_IMG}`,
          type: 'text',
          isShareable: false,
          isPublic: false,
          recipients: [bob.user.id],
          textOptions: [
            { content: P_SCRIPT, label: P_SVG },
            { content: P_IMG, label: P_IFRAME },
            { content: 'plain', label: 'plain label' },
            { content: 'other' },
          ],
        },
      }),
    );
    const publicShro = await ok(
      await alice.context.request.post('/api/sessions', {
        headers: origin(),
        data: {
          title: `Public ${P_SCRIPT}`,
          type: 'text',
          isPublic: true,
          isShareable: false,
          hashtags: 'xss_probe',
          textOptions: [{ content: P_SVG }, { content: 'b' }],
        },
      }),
    );
    // Bob opens the box holding the script payload, reacts, and both chat.
    const box = (privateShro.boxes as { id: number; position: number }[]).find((b) => b.position === 1)!;
    await ok(
      await bob.context.request.post(`/api/sessions/${privateShro.id}/select`, {
        data: { boxId: box.id },
        headers: origin(),
      }),
    );
    await ok(
      await bob.context.request.post(`/api/sessions/${privateShro.id}/react`, {
        data: { emoji: '🔥' },
        headers: origin(),
      }),
    );
    await ok(
      await bob.context.request.post('/api/chat/send', {
        data: { recipientId: alice.user.id, content: P_IMG },
        headers: origin(),
      }),
    );
    await ok(
      await alice.context.request.post('/api/chat/send', {
        data: { recipientId: bob.user.id, content: P_SVG },
        headers: origin(),
      }),
    );

    const a = await alice.context.newPage();
    const b = await bob.context.newPage();
    const aliceName = `${P_SVG} ${P_IMG}`;
    const bobName = `${P_SCRIPT} ${P_IFRAME}`;

    await a.goto(`/session/${privateShro.id}`);
    await expectInert(a, [`Pick ${P_IMG}`, P_SCRIPT, P_IMG], 'session page (creator)');
    await b.goto(`/session/${privateShro.id}`);
    await expectInert(b, [`Pick ${P_IMG}`, P_SCRIPT], 'session page (recipient who opened the script box)');
    await a.goto(`/session/${publicShro.id}`);
    await expectInert(a, [`Public ${P_SCRIPT}`, P_SVG], 'session page (public)');
    await a.goto('/history');
    await expectInert(a, [`Pick ${P_IMG}`, `Public ${P_SCRIPT}`], 'history');
    await b.goto('/history');
    await expectInert(b, [`Pick ${P_IMG}`], 'history (received)');
    await b.goto('/explore');
    await expectInert(b, [`Public ${P_SCRIPT}`], 'explore');
    await a.goto('/notifications');
    await expectInert(a, [`Pick ${P_IMG}`], 'notifications');
    await a.goto('/friends');
    await expectInert(a, [bobName], 'friends');
    await a.goto(`/chat?with=${bob.user.id}`);
    await expectInert(a, [P_IMG, P_SVG, bobName], 'chat');
    await b.goto('/chat');
    await expectInert(b, [aliceName], 'chat conversations');
    await b.goto(`/@${alice.user.username}`);
    await expectInert(b, [aliceName], 'public profile');
    await a.goto('/profile');
    await expectInert(a, [aliceName], 'own profile');
  });

  it('usernames and hashtags cannot hold markup at all', async () => {
    const { context } = await person('carol', 'Carol', 'C');
    const register = await context.request.post('/api/register', {
      data: {
        username: '<img src=x>',
        email: 'x@example.com',
        password: 'secret123',
        confirmPassword: 'secret123',
        acceptTerms: true,
      },
      headers: origin(),
    });
    expect(register.status()).toBe(400);
    const rename = await context.request.put('/api/auth/username', {
      data: { username: '"><svg>' },
      headers: origin(),
    });
    expect(rename.status()).toBe(400);
    const hashtags = await context.request.post('/api/sessions', {
      headers: origin(),
      data: {
        title: 't',
        type: 'text',
        isShareable: true,
        hashtags: '<script>',
        textOptions: [{ content: 'a' }, { content: 'b' }],
      },
    });
    expect(hashtags.status()).toBe(400);
  });
});

describe('uploaded SVG never runs as a document', () => {
  it('a profile picture and a box image uploaded as SVG with script are served as WebP, nosniff, sandboxed; opening them runs nothing', async () => {
    const { context } = await person('dave', 'Dave', 'D');
    const profile = await ok(
      await context.request.patch('/api/profile', {
        headers: origin(),
        multipart: { profileImage: { name: 'evil.svg', mimeType: 'image/svg+xml', buffer: SVG_WITH_SCRIPT } },
      }),
    );
    // Two images are the minimum, and Playwright's multipart helper cannot repeat a field: a raw form.
    const shro = await ok(
      await context.request.post('/api/sessions', {
        headers: { ...origin(), 'content-type': 'multipart/form-data; boundary=XSSBOUNDARY' },
        data: svgForm(SVG_WITH_SCRIPT),
      }),
    );
    const urls: string[] = [
      profile.profileImageUrl,
      ...shro.boxes.map((b: { imageUrl: string | null }) => b.imageUrl).filter(Boolean),
    ];
    expect(urls.length).toBeGreaterThanOrEqual(3);
    for (const url of urls) {
      const response = await context.request.get(url);
      expect(response.status(), url).toBe(200);
      const headers = response.headers();
      expect(headers['content-type'], url).toBe('image/webp');
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['content-security-policy'], url).toMatch(/sandbox/);
      expect(headers['content-security-policy'], url).toMatch(/default-src 'none'/);
      const body = await response.body();
      expect(body.subarray(0, 4).toString('latin1'), url).toBe('RIFF');
      expect(body.subarray(8, 12).toString('latin1'), url).toBe('WEBP');
      expect(body.includes(Buffer.from('<script')), url).toBe(false);

      // Opened directly, as a user clicking the link would.
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForTimeout(300);
      expect(
        await page.evaluate(() => ({
          xss: (window as unknown as { __xss?: unknown }).__xss,
          type: document.contentType,
        })),
      ).toEqual({
        xss: undefined,
        type: 'image/webp',
      });
      await page.close();
      pagesChecked++;
    }
  });
});

/** A multipart body with the create fields and the SVG twice (Playwright's helper cannot repeat a field). */
function svgForm(svg: Buffer): Buffer {
  const part = (headers: string, body: Buffer | string) =>
    Buffer.concat([Buffer.from(`--XSSBOUNDARY\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
  const field = (name: string, value: string) => part(`Content-Disposition: form-data; name="${name}"`, value);
  const file = (n: number) =>
    part(`Content-Disposition: form-data; name="images"; filename="evil${n}.svg"\r\nContent-Type: image/svg+xml`, svg);
  return Buffer.concat([
    field('title', 'svg boxes'),
    field('type', 'image'),
    field('isShareable', 'true'),
    file(1),
    file(2),
    Buffer.from('--XSSBOUNDARY--\r\n'),
  ]);
}
