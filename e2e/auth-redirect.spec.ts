import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerViaApi, uniqueName } from './support/api';

/**
 * Issue 10, item 1: `?redirect=` after sign-in and sign-up. The browser's URL parser strips tab,
 * CR and LF and reads `\` as `/`, so `/%09/evil.example/` used to land on http://evil.example/.
 * Every variant is tried as written in the issue, percent-encoded once more (one decode gives
 * the written form back) and with each of its characters percent-encoded.
 */
const written = [
  '/%09/evil.example/',
  '/%0A/evil.example/',
  '/%0D/evil.example/',
  '/%09\\evil.example/',
  '/%09%5Cevil.example/',
  'https://evil.example',
  '//evil.example',
  '/\\evil.example',
  '/.//evil.example',
  'javascript:alert(1)',
  'data:text/html,x',
];
const encodeAll = (value: string) =>
  [...new TextEncoder().encode(value)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** [query value, path + search + hash the browser must end on (always this site)]. */
const variants: [string, string][] = [];
for (const value of written) {
  const decoded = decodeURIComponent(value);
  // Encoded once more, one decode gives the written form, whose `%09` is then a literal part of
  // a local path (and a `\` in a path reads as `/`).
  const stays = value.startsWith('/%') ? value.replace('\\', '/') : '/';
  for (const [query, landing] of [
    [value, '/'],
    [encodeURIComponent(value), stays],
    [encodeAll(decoded), '/'],
  ] as const) {
    if (!variants.some(([q]) => q === query)) variants.push([query, landing]);
  }
}
/** The tab / newline / carriage-return / dot-segment tricks the old string check let through. */
const tricky = written.filter((value) => /[\t\n\r]|\/\.\/\//.test(decodeURIComponent(value)));

test.describe('redirect targets', { tag: '@desktop-only' }, () => {
  // One page for the whole file: each case costs a navigation, not a new browser context. A
  // failing test ends the worker, and the next one sets up afresh.
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  const dialogs: string[] = [];

  test.beforeAll(async ({ browser }) => {
    const { baseURL, viewport } = test.info().project.use;
    origin = new URL(baseURL!).origin;
    context = await browser.newContext({ baseURL, viewport });
    context.setDefaultTimeout(10_000);
    // Whatever leaves the app lands on a stub page instead of a DNS error, so a leak is visible.
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil</h1>' }),
    );
    page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  test.afterAll(async () => {
    await context?.close();
  });
  test.beforeEach(async () => {
    await context.clearCookies();
  });

  /** Submits the form and waits until the full-page navigation that follows a success is done. */
  async function submitAndLand(button: string, api: string) {
    const before = page.url();
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === api),
      page.getByRole('button', { name: button }).click(),
    ]);
    expect(response.status()).toBeLessThan(300);
    // Committed is enough to know where the browser went; the next test navigates anyway.
    await page.waitForURL((url) => url.href !== before, { waitUntil: 'commit' });
    return new URL(page.url());
  }

  function expectLanded(url: URL, landing: string) {
    expect(url.origin).toBe(origin);
    expect(`${url.pathname}${url.search}${url.hash}`).toBe(landing);
    expect(dialogs).toEqual([]);
  }

  test.describe('after sign-in', () => {
    let account: { username: string; password: string };
    test.beforeAll(async ({ playwright }) => {
      const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
      account = await registerViaApi({ request: api });
      await api.dispose();
    });

    async function signIn(query: string) {
      await page.goto(`/login?redirect=${query}`);
      await page.getByLabel('Username').fill(account.username);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      return submitAndLand('Sign In', '/api/login');
    }

    for (const query of written) {
      test(`signing in with ?redirect=${query} stays on the app`, async () => {
        expectLanded(await signIn(query), '/');
      });
    }

    test('still follows a same-site redirect with query and hash', async () => {
      expectLanded(await signIn(encodeURIComponent('/explore?x=1#h')), '/explore?x=1#h');
    });
  });

  test.describe('after sign-up', () => {
    for (const query of tricky) {
      test(`signing up with ?redirect=${query} stays on the app`, async () => {
        await page.goto(`/register?redirect=${query}`);
        const username = uniqueName('redir');
        await page.getByLabel('Username').fill(username);
        await page.getByLabel('Email').fill(`${username}@example.com`);
        await page.getByLabel('Password', { exact: true }).fill('secret123');
        await page.getByLabel('Confirm password').fill('secret123');
        await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
        expectLanded(await submitAndLand('Create Account', '/api/register'), '/');
      });
    }
  });

  /**
   * Every variant, on both forms: each form hands its target on to its link to the other form,
   * which is the value a success would navigate to. The query is changed in place (wouter
   * re-renders on pushState), so all variants cost one page load per form.
   */
  for (const [path, linkName] of [
    ['/login', 'Create one'],
    ['/register', 'Sign in'],
  ] as const) {
    test(`the target ${path} computes is on this site for every variant, and keeps a legitimate one whole`, async () => {
      await page.goto(path);
      const cases: [string, string][] = [
        ...variants,
        [encodeURIComponent('/explore?x=1#h'), '/explore?x=1#h'],
        [encodeURIComponent('/explore?q=%23tag#h'), '/explore?q=%23tag#h'],
      ];
      const link = page.locator('form').getByRole('link', { name: linkName });
      const target = async () =>
        new URL((await link.getAttribute('href'))!, origin).searchParams.get('redirect') ?? '/';
      for (const [index, [query, landing]] of cases.entries()) {
        // A distinct value in between, so a stale render can never pass for the next case.
        const marker = `/marker-${index}`;
        await page.evaluate((url) => history.pushState(null, '', url), `${path}?redirect=${marker}`);
        await expect.poll(target).toBe(marker);
        await page.evaluate((url) => history.pushState(null, '', url), `${path}?redirect=${query}`);
        await expect.poll(target, { message: query }).toBe(landing);
      }
    });
  }
});
