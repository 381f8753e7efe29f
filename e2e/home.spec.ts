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

    const quick = page.getByRole('navigation', { name: 'Quick actions' });
    const create = quick.getByRole('link', { name: 'Create' });
    if (viewport === 'mobile') {
      // Issue 14, item 9: on a phone, one floating Create button only, and none on top of the
      // cards while the page's own "Send a Shro" button is on screen.
      await screenshot(page, `home-member-badge-${viewport}`);
      expect(await page.getByRole('heading', { name: 'Share with Anyone' }).isVisible()).toBe(true);
      expect(await create.isVisible()).toBe(false);
      await page.getByRole('heading', { name: 'Instant Reveal' }).scrollIntoViewIfNeeded();
      await expect.poll(() => create.isVisible()).toBe(true);
      expect(await create.getAttribute('href')).toBe('/create');
      const visible = await quick
        .locator('a, button')
        .evaluateAll((items) => items.filter((item) => (item as HTMLElement).offsetParent !== null).length);
      expect(visible).toBe(1);
      await screenshot(page, `home-member-scrolled-${viewport}`);
      // At the end of the page the last lines scroll clear of the button.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const fab = (await create.boundingBox())!;
      for (const text of [page.getByText(/All rights reserved/), page.getByRole('link', { name: 'Support' })]) {
        const box = (await text.boundingBox())!;
        expect(box.y + box.height <= fab.y || box.x >= fab.x + fab.width || box.x + box.width <= fab.x).toBe(true);
      }
      await expectAccessible(page);
    } else {
      // The floating action area: Create, and a toggle that expands Explore and Friends.
      expect(await create.isVisible()).toBe(true);
      const toggle = page.getByRole('button', { name: 'More quick actions' });
      await toggle.click();
      await expect.poll(() => quick.getByRole('link', { name: 'Friends', exact: true }).isVisible()).toBe(true);
      expect(await quick.getByRole('link', { name: 'Explore', exact: true }).getAttribute('href')).toBe('/explore');
      await expectAccessible(page);
      await screenshot(page, `home-member-badge-${viewport}`);
    }
    await context.close();
  });

  it('shows no badge and no floating actions to visitors', async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByRole('button', { name: 'Quick Tutorial' }).isVisible()).toBe(true);
    expect(await page.getByText(/Shros created/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'More quick actions' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Quick actions' }).count()).toBe(0);
    await context.close();
  });
});
