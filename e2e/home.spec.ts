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
import { createShroViaApi, textOptions } from './support/shros';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const totalShros = async (context: import('playwright-core').BrowserContext) =>
  ((await (await context.request.get('/api/platform/stats')).json()) as { totalShros: number }).totalShros;

describe.each<ViewportName>(['mobile', 'desktop'])('signed-in home on %s', (viewport) => {
  it('shows the total-Shros badge with locale separators, the hover cards and the floating actions', async () => {
    const context = await newContext(browser, viewport);
    await registerViaApi(context);
    await createShroViaApi(context, {
      title: 'Badge check',
      type: 'text',
      isPublic: true,
      textOptions: textOptions('One', 'Two'),
    });
    const total = await totalShros(context);
    expect(total).toBeGreaterThan(0);

    const page = await context.newPage();
    await page.goto('/');
    const badge = page.getByText(`${total.toLocaleString('en-US')} Shros created`);
    await expect.poll(() => badge.isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Send to Friends' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Share with Anyone' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /Send a Shro/ }).getAttribute('href')).toBe('/create');

    // The floating action area: Create, and a toggle that expands Explore and Friends.
    const toggle = page.getByRole('button', { name: 'More quick actions' });
    await toggle.click();
    const main = page.getByRole('main');
    await expect.poll(() => main.getByRole('link', { name: 'Friends', exact: true }).isVisible()).toBe(true);
    expect(await main.getByRole('link', { name: 'Explore', exact: true }).getAttribute('href')).toBe('/explore');
    await expectAccessible(page);
    await screenshot(page, `home-member-badge-${viewport}`);
    await context.close();
  });

  it('shows no badge and no floating actions to visitors', async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByRole('button', { name: 'Quick Tutorial' }).isVisible()).toBe(true);
    expect(await page.getByText(/Shros created/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'More quick actions' }).count()).toBe(0);
    await context.close();
  });
});
