import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newContext, screenshot, type ViewportName } from './support/browser';
import { makeFriends, signedInUser } from './support/shros';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const poll = expect.poll;

/** Opens `path` and reloads it once under the service worker, so the worker knows the page. */
async function openControlled(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return page;
}

const historyHeading = (page: Page) => page.getByRole('heading', { name: 'Your Shro History', level: 1 });
const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: "You're offline" });

/** The header shows this user as signed in (phones: inside the menu). */
async function expectSignedInHeader(page: Page, viewport: ViewportName, username: string) {
  const header = page.getByRole('banner');
  expect(await header.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
  if (viewport === 'mobile') {
    await header.getByRole('button', { name: 'Open menu' }).click();
    await poll(() => header.getByText(`@${username}`).isVisible()).toBe(true);
    await header.getByRole('button', { name: 'Close menu' }).click();
  } else {
    await poll(() => header.getByRole('button', { name: new RegExp(username) }).isVisible()).toBe(true);
  }
}

/** Issue 14, items 18–20: offline page, offline sign-in state, banner and offline writes. */
describe.each<ViewportName>(['mobile', 'desktop'])('offline on %s', (viewport) => {
  it('keeps the user signed in offline, recovers by itself, refuses writes clearly and explains unknown pages', async () => {
    const open = () => newContext(browser, viewport);
    const me = await signedInUser(open, 'off');
    const friend = await signedInUser(open, 'ofr');
    await makeFriends(me.context, me.id, friend.context, friend.id);
    const { context } = me;

    // Item 19: a reload while offline is not "signed out".
    const page = await openControlled(context, '/history');
    await poll(() => historyHeading(page).isVisible()).toBe(true);
    expect(await offlineBanner(page).count()).toBe(0);
    await context.setOffline(true);
    await page.reload();
    // Item 20: the whole app says it is offline, politely.
    await poll(() => offlineBanner(page).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Login Required' }).count()).toBe(0);
    await expectSignedInHeader(page, viewport, me.username);
    await expectAccessible(page);
    await screenshot(page, `offline-reload-${viewport}`);

    // The connection returns: everything refetches without a manual reload.
    expect(await page.getByText('No Shros yet').count()).toBe(0);
    await context.setOffline(false);
    await poll(() => historyHeading(page).isVisible()).toBe(true);
    await poll(() => page.getByText('No Shros yet').isVisible()).toBe(true);
    await poll(() => offlineBanner(page).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Login Required' }).count()).toBe(0);

    // Item 20: a write made offline fails with a clear message, and the typed text stays.
    const chat = await openControlled(context, `/chat?with=${friend.id}`);
    const box = chat.getByLabel(/^Message /);
    await poll(() => box.isVisible()).toBe(true);
    await context.setOffline(true);
    await poll(() => offlineBanner(chat).isVisible()).toBe(true);
    await box.fill('Are you there?');
    await box.press('Enter');
    const toasts = chat.getByRole('region', { name: /^Notifications \(/ });
    await poll(() => toasts.getByText('Failed to send message', { exact: true }).isVisible()).toBe(true);
    await poll(() => toasts.getByText(/You're offline, so this was not saved/).isVisible()).toBe(true);
    expect(await box.inputValue()).toBe('Are you there?');
    // The banner takes its room from the chat, so the composer stays on screen.
    expect(await box.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    await screenshot(chat, `offline-write-${viewport}`);
    await context.setOffline(false);
    await poll(() => offlineBanner(chat).count()).toBe(0);
    await box.press('Enter');
    await poll(() => chat.getByRole('list', { name: 'Messages' }).getByText('Are you there?').isVisible()).toBe(true);

    // Item 18: a page never opened on this device, opened offline: an offline page with a retry.
    await context.setOffline(true);
    const fresh = await context.newPage();
    await fresh.goto('/terms').catch(() => undefined);
    await poll(() => fresh.getByRole('heading', { name: "You're offline" }).isVisible()).toBe(true);
    const retry = fresh.getByRole('link', { name: 'Try again' });
    expect(await retry.isVisible()).toBe(true);
    expect(await fresh.getByRole('link', { name: 'Go to the home page' }).isVisible()).toBe(true);
    await expectAccessible(fresh);
    await screenshot(fresh, `offline-page-${viewport}`);
    await context.setOffline(false);
    await retry.click();
    await poll(() => fresh.url()).toMatch(/\/terms$/);
    await poll(() => fresh.getByRole('heading', { name: 'Terms of Service', level: 1 }).isVisible()).toBe(true);

    // In the app, a link to a page whose code was never loaded: the offline notice, not a blank screen.
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Create Shro' }).first().click();
    await poll(() => page.getByRole('heading', { name: "You're offline" }).isVisible()).toBe(true);
    await screenshot(page, `offline-in-app-${viewport}`);
    await context.setOffline(false);
    await poll(() => page.getByRole('heading', { name: 'Create Shro', level: 1 }).isVisible(), {
      timeout: 15_000,
    }).toBe(true);

    await context.close();
    await friend.context.close();
  });
});
