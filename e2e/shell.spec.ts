import { expect, test } from './fixtures';
import { registerViaApi } from './support/api';
import { pagePreloads } from './support/files';

test.describe('app shell', () => {
  test('shows the 404 page for unknown paths', async ({ page, expectAccessible, saveScreenshot }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Oops! This mystery box is empty' })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('shows Login Required on protected routes for visitors, with links that come back', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/history');
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login?redirect=%2Fhistory');
    await expect(page.getByRole('link', { name: 'Sign Up', exact: true })).toHaveAttribute(
      'href',
      '/register?redirect=%2Fhistory',
    );
    await expectAccessible(page);
    await saveScreenshot(page, 'login-required');
  });

  test('a page reached for through a link renders at once, without a loading screen (decision 145)', async ({
    page,
  }) => {
    await page.goto('/');
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    const signUp = hero.getByRole('link', { name: 'Sign up free' });
    await expect(signUp).toBeVisible();
    // Every loading screen the app shows from now on is noted.
    await page.evaluate(() => {
      const noted = window as unknown as { loadingShown: boolean };
      noted.loadingShown = false;
      new MutationObserver(() => {
        const statuses = [...document.querySelectorAll('[role="status"]')];
        if (statuses.some((status) => status.textContent?.includes('Loading...'))) noted.loadingShown = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    // The pointer on the link loads the page's code (nothing loaded it before: decision 094): every
    // file of it, as the build lists them (page-preloads.json), not only its own chunk, whose
    // imports load after it.
    await signUp.hover();
    const files = pagePreloads().pages.register ?? [];
    expect(files.some((file) => /^\/assets\/register-[\w-]+\.js$/.test(file))).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(
          (wanted) =>
            wanted.every((file) =>
              performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === file),
            ),
          files,
        ),
      )
      .toBe(true);
    await signUp.click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { loadingShown: boolean }).loadingShown)).toBe(false);
  });

  test('shows the visitor landing page with the tutorial', async ({
    page,
    viewport,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shro Your Friends or Shro The World');
    await expectAccessible(page);
    await saveScreenshot(page, 'home-visitor');
    // Issue 14, item 1: a sign-up call to action next to Sign In, above the fold.
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    const signUp = hero.getByRole('link', { name: 'Sign up free' });
    await expect(signUp).toHaveAttribute('href', '/register');
    await expect(hero.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/login');
    const box = (await signUp.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(viewport!.height);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Quick Tutorial' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeDisabled();
    for (const title of ['Create Your Mystery', 'Send to Friends', 'Reveal the Mystery']) {
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
    }
    await saveScreenshot(page, 'tutorial');
    await dialog.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Get Started leads the visitor on to signing up.
    await expect(hero.getByRole('link', { name: 'Sign up free' })).toBeFocused();
    // Skip still returns focus to the button that opened the tutorial.
    await page.getByRole('button', { name: 'Quick Tutorial' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByRole('button', { name: 'Quick Tutorial' })).toBeFocused();
  });

  test('offers visitors Explore and Sign up in the phone menu, Sign In once beside it', { tag: '@phone-only' }, async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
    await expect(menu.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/register');
    // Issue "second walk", item 20: Sign In is the header's button beside the menu's, not repeated in it.
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(1);
    await expectAccessible(page);
    await saveScreenshot(page, 'mobile-menu-visitor');
    await menu.getByRole('link', { name: 'Explore' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/explore');
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
    await expect(menu).toHaveCount(0);
  });

  test('serves the legal pages with their date and rules', async ({ page, expectAccessible, saveScreenshot }) => {
    for (const [path, heading, text] of [
      ['/privacy', 'Privacy Policy', 'June 16, 2025'],
      ['/terms', 'Terms of Service', 'at least 13 years old'],
      ['/support', 'Support', 'JPG, PNG, GIF or SVG, up to 5MB'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByText(text).first()).toBeVisible();
      await expect(page.getByText('Last updated: June 16, 2025')).toBeVisible();
      await expectAccessible(page);
    }
    await saveScreenshot(page, 'support');
  });

  test('closes the mobile menu when a link is chosen', { tag: '@phone-only' }, async ({
    context,
    page,
    expectAccessible,
  }) => {
    await registerViaApi(context);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expectAccessible(page);
    await menu.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/profile');
    await expect(menu).toHaveCount(0);
  });
});
