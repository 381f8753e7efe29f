import { INVALID_CREDENTIALS_MESSAGE } from '../contract/auth';
import { LOCALES } from '../contract/locales';
import { pageMeta } from '../contract/seo';
import { expect, test } from './fixtures';
import { baseURL, createShroViaApi, textOptions } from './support/api';
import { serverTranslated, translated } from './support/catalogs';
import { pagePreloads } from './support/files';

/** Issue 36: a reader gets their language before any script runs, can switch in place, and keeps it. */
const noSidewaysScroll = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('languages', () => {
  test("a visitor's browser language is the page's, and the footer switches it in place, right to left included", async ({
    browser,
    expectAccessible,
    saveScreenshot,
  }) => {
    const context = await browser.newContext({ locale: 'es-MX' });
    const page = await context.newPage();
    const response = await page.goto('/');
    // The HTML itself says the language, before the app has run.
    expect(await response?.text()).toContain('<html lang="es" dir="ltr"');
    await expect(page.getByRole('link', { name: translated('es', 'Sign up free') }).first()).toBeVisible();
    await expect(page.getByText('Sign up free')).toHaveCount(0);
    await expectAccessible(page);
    await saveScreenshot(page, 'landing-es');

    await page.getByLabel(translated('es', 'Language')).selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('link', { name: translated('ar', 'Sign up free') }).first()).toBeVisible();
    // Switched in place: the same page, no navigation.
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page);
    await saveScreenshot(page, 'landing-ar');

    // The choice is kept for the next page, over the browser's language.
    const again = await page.reload();
    expect(await again?.text()).toContain('<html lang="ar" dir="rtl"');
    await expect(page.getByRole('link', { name: translated('ar', 'Sign up free') }).first()).toBeVisible();
    await context.close();
  });

  test('a signed-in user chooses a language in settings and keeps it on every device', async ({
    user,
    openContext,
    expectAccessible,
    saveScreenshot,
  }) => {
    const page = await user.context.newPage();
    await page.goto('/settings');
    await page.getByLabel('Language').selectOption('ja');
    await expect(page.getByRole('heading', { name: translated('ja', 'Settings'), level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect
      .poll(
        async () => ((await (await user.context.request.get('/api/auth/user')).json()) as { locale: string }).locale,
      )
      .toBe('ja');
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page);
    await saveScreenshot(page, 'settings-ja');

    // Another browser of the same account, whose own language is English, opens in Japanese.
    const other = await openContext();
    // The session only: not the language cookie this browser also wrote.
    await other.addCookies((await user.context.cookies()).filter((cookie) => cookie.name !== 'shro_locale'));
    const elsewhere = await other.newPage();
    const response = await elsewhere.goto('/settings');
    expect(await response?.text()).toContain('<html lang="ja" dir="ltr"');
    await expect(elsewhere.getByRole('heading', { name: translated('ja', 'Settings'), level: 1 })).toBeVisible();
  });

  test("the server's refusal reaches a visitor in their language", async ({ browser, expectAccessible }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(translated('fr', 'Username')).fill('nobody_here');
    await page.getByLabel(translated('fr', 'Password'), { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: translated('fr', 'Sign In') }).click();
    const refusal = serverTranslated('fr', INVALID_CREDENTIALS_MESSAGE);
    await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
    await expect(page.getByText(INVALID_CREDENTIALS_MESSAGE)).toHaveCount(0);
    await expectAccessible(page);
    await context.close();
  });

  test("an address naming a language opens in it, and the reader's own choice then replaces it", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/?lang=ja');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('link', { name: translated('ja', 'Sign up free') }).first()).toBeVisible();
    // Once the app runs, the head still says what the server wrote: the title in Japanese, the
    // address canonical in its language, an alternate per language.
    await expect(page).toHaveTitle(serverTranslated('ja', pageMeta.home.title));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/\?lang=ja$/);
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(LOCALES.length + 1);
    await page.getByLabel(translated('ja', 'Language')).selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect(new URL(page.url()).search).toBe('');
    await page.reload();
    await expect(page.getByRole('link', { name: translated('es', 'Sign up free') }).first()).toBeVisible();
    await context.close();
  });

  test('a friend reading Japanese and one reading Arabic each open a box of the same Shro in their language', async ({
    user: creator,
    newUser,
    expectAccessible,
    saveScreenshot,
  }) => {
    // Two readers, each a pick with its reveal: up to 40 s on a busy CI.
    test.slow();
    const shro = await createShroViaApi(creator.context, {
      title: 'Weekend plans',
      type: 'text',
      isShareable: true,
      expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
      textOptions: textOptions('Beach day', 'Mountain hike', 'Museum tour', 'Bake at home'),
      winningBoxPosition: 2,
    });
    const numbered = (locale: string, english: string, value: number) =>
      translated(locale, english).replace(/\{\w+\}/, String(value));
    for (const [locale, position, dir] of [
      ['ja', 2, 'ltr'],
      ['ar', 3, 'rtl'],
    ] as const) {
      const reader = await newUser(`reader_${locale}`);
      const saved = await reader.context.request.put('/api/account/locale', {
        data: { locale },
        headers: { origin: baseURL() },
      });
      expect(saved.ok()).toBe(true);
      const page = await reader.context.newPage();
      await page.goto(`/session/${shro.id}`);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      const box = (n: number) => page.getByRole('button', { name: numbered(locale, 'Mystery Box #{position}', n) });
      for (const n of [1, 2, 3, 4]) await expect(box(n)).toBeVisible();
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page);
      await saveScreenshot(page, `session-pick-${locale}`);

      await box(position).click();
      await expect(page.getByText(numbered(locale, 'Box #{position} Selected!', position))).toBeVisible();
      // Shown, and said to a screen reader in the same words.
      await expect(
        page
          .getByText(
            position === 2
              ? translated(locale, 'You found the winning box!')
              : numbered(locale, 'Not this time! The winning box was Box #{winning}.', 2),
          )
          .first(),
      ).toBeVisible();
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page);
      await saveScreenshot(page, `session-result-${locale}`);
    }
  });

  test("a screen that loads before the page's catalog waits for it and shows every text (decision 169)", async ({
    user,
  }) => {
    // A member's home is prefetched as the page starts (web/app/early-reads.ts): make the first
    // part of the catalog arrive after it.
    const first = new Set(pagePreloads().locales.en);
    await user.context.route(
      (url) => first.has(url.pathname),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      },
    );
    const page = await user.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Waiting for you' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Send to Friends' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
