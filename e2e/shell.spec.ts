import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  launchBrowser,
  newContext,
  registerViaApi,
  screenshot,
  type ViewportName,
  viewports,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each<ViewportName>(['mobile', 'desktop'])('app shell on %s', (viewport) => {
  it('shows the 404 page for unknown paths', async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await page.goto('/this/does/not/exist');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Oops! This mystery box is empty' }).isVisible())
      .toBe(true);
    await expectAccessible(page);
    await screenshot(page, `not-found-${viewport}`);
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('shows Login Required on protected routes for visitors, with links that come back', async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await page.goto('/history');
    await expect.poll(() => page.getByRole('heading', { name: 'Login Required' }).isVisible()).toBe(true);
    const login = page.getByRole('link', { name: 'Log In' });
    expect(await login.getAttribute('href')).toBe('/login?redirect=%2Fhistory');
    expect(await page.getByRole('link', { name: 'Sign Up', exact: true }).getAttribute('href')).toBe(
      '/register?redirect=%2Fhistory',
    );
    await expectAccessible(page);
    await screenshot(page, `login-required-${viewport}`);
    await context.close();
  });

  it('shows the visitor landing page with the tutorial', async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Shro Your Friends or Shro The World');
    await expectAccessible(page);
    await screenshot(page, `home-visitor-${viewport}`);
    // Issue 14, item 1: a sign-up call to action next to Sign In, above the fold.
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    const signUp = hero.getByRole('link', { name: 'Sign up free' });
    expect(await signUp.getAttribute('href')).toBe('/register');
    expect(await hero.getByRole('link', { name: 'Sign In', exact: true }).getAttribute('href')).toBe('/login');
    const box = (await signUp.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(viewports[viewport].height);
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'Sign In', exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Quick Tutorial' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { name: 'Welcome' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
    for (const title of ['Create Your Mystery', 'Send to Friends', 'Reveal the Mystery']) {
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => dialog.getByRole('heading', { name: title }).isVisible()).toBe(true);
    }
    await screenshot(page, `tutorial-${viewport}`);
    await dialog.getByRole('button', { name: 'Get Started' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // Get Started leads the visitor on to signing up.
    await expect
      .poll(() =>
        page.evaluate(() => [
          document.activeElement?.textContent?.trim(),
          document.activeElement?.getAttribute('href'),
        ]),
      )
      .toEqual(['Sign up free', '/register']);
    // Skip still returns focus to the button that opened the tutorial.
    await page.getByRole('button', { name: 'Quick Tutorial' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Quick Tutorial');
    await context.close();
  });

  it('offers visitors Explore, Sign In and Sign up in the phone menu', async () => {
    if (viewport !== 'mobile') return;
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Explore' }).getAttribute('href')).toBe('/explore');
    expect(await menu.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(await menu.getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe('/register');
    await expectAccessible(page);
    await screenshot(page, `mobile-menu-visitor-${viewport}`);
    await menu.getByRole('link', { name: 'Explore' }).click();
    await page.waitForURL((url) => url.pathname === '/explore');
    await expect.poll(() => page.getByRole('heading', { name: 'Login Required' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);
    await context.close();
  });

  it('serves the legal pages with their date and rules', async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    for (const [path, heading, text] of [
      ['/privacy', 'Privacy Policy', 'June 16, 2025'],
      ['/terms', 'Terms of Service', 'at least 13 years old'],
      ['/support', 'Support', 'JPG, PNG, GIF or SVG, up to 5MB'],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { name: heading, level: 1 }).isVisible()).toBe(true);
      expect(await page.getByText(text).first().isVisible()).toBe(true);
      expect(await page.getByText('Last updated: June 16, 2025').isVisible()).toBe(true);
      await expectAccessible(page);
    }
    await screenshot(page, `support-${viewport}`);
    await context.close();
  });

  it('closes the mobile menu when a link is chosen', async () => {
    if (viewport !== 'mobile') return;
    const context = await newContext(browser, viewport);
    await registerViaApi(context);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    await expectAccessible(page);
    await menu.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await expect.poll(() => page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);
    await context.close();
  });
});
