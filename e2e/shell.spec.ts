import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  launchBrowser,
  newContext,
  registerViaApi,
  screenshot,
  type ViewportName,
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
    expect(await page.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(
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
