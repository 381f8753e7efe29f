import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type ViewportName } from './fixtures';
import { createShroViaApi, textOptions } from './support/api';

/** Opens `path` and reloads it once under the service worker, so the worker knows the page. */
async function openControlled(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return page;
}

const historyHeading = (page: Page) => page.getByRole('heading', { name: 'Your Shro History', level: 1 });
const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: "You're offline" });

/** The header shows this user as signed in (phones: inside the menu). */
async function expectSignedInHeader(page: Page, viewportName: ViewportName, username: string) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  if (viewportName === 'phone') {
    await header.getByRole('button', { name: 'Open menu' }).click();
    await expect(header.getByText(`@${username}`)).toBeVisible();
    await header.getByRole('button', { name: 'Close menu' }).click();
  } else {
    await expect(header.getByRole('button', { name: new RegExp(username) })).toBeVisible();
  }
}

/** Issue 14, items 18–20: offline page, offline sign-in state, banner and offline writes. */
test('keeps the user signed in offline, recovers by itself, refuses writes clearly and explains unknown pages', async ({
  user: me,
  friend,
  viewportName,
  expectAccessible,
  saveScreenshot,
}) => {
  const { context } = me;

  // Item 19: a reload while offline is not "signed out".
  const page = await openControlled(context, '/history');
  await expect(historyHeading(page)).toBeVisible();
  await expect(offlineBanner(page)).toHaveCount(0);
  // The shell the worker keeps for offline starts holds no account and none of its data
  // (decisions 174, 176): the home the server sent a signed-in user did.
  const keptShell = await page.evaluate(async () => (await caches.match('/'))?.text());
  expect(keptShell).toContain('<div id="root">');
  expect(keptShell).not.toContain('id="current-user"');
  expect(keptShell).not.toContain('data-api-path');
  await context.setOffline(true);
  await page.reload();
  // Item 20: the whole app says it is offline, politely.
  await expect(offlineBanner(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Login Required' })).toHaveCount(0);
  await expectSignedInHeader(page, viewportName, me.username);
  await expectAccessible(page);
  await saveScreenshot(page, 'offline-reload');

  // The connection returns: everything refetches without a manual reload.
  await expect(page.getByText('No Shros yet')).toHaveCount(0);
  await context.setOffline(false);
  await expect(historyHeading(page)).toBeVisible();
  await expect(page.getByText('No Shros yet')).toBeVisible();
  await expect(offlineBanner(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Login Required' })).toHaveCount(0);

  // Item 20: a write made offline fails with a clear message, and the typed text stays.
  const chat = await openControlled(context, `/chat?with=${friend.id}`);
  const box = chat.getByLabel(/^Message /);
  await expect(box).toBeVisible();
  await context.setOffline(true);
  await expect(offlineBanner(chat)).toBeVisible();
  await box.fill('Are you there?');
  await box.press('Enter');
  const toasts = chat.getByRole('region', { name: /^Notifications \(/ });
  await expect(toasts.getByText('Failed to send message', { exact: true })).toBeVisible();
  await expect(toasts.getByText(/You're offline, so this was not saved/)).toBeVisible();
  await expect(box).toHaveValue('Are you there?');
  // The banner takes its room from the chat, so the composer stays on screen.
  expect(await box.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
  await saveScreenshot(chat, 'offline-write');
  await context.setOffline(false);
  await expect(offlineBanner(chat)).toHaveCount(0);
  await box.press('Enter');
  await expect(chat.getByRole('list', { name: 'Messages' }).getByText('Are you there?')).toBeVisible();

  // Item 18: a page never opened on this device, opened offline: an offline page with a retry.
  await context.setOffline(true);
  const fresh = await context.newPage();
  await fresh.goto('/terms').catch(() => undefined);
  await expect(fresh.getByRole('heading', { name: "You're offline" })).toBeVisible();
  const retry = fresh.getByRole('link', { name: 'Try again' });
  await expect(retry).toBeVisible();
  await expect(fresh.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  await expectAccessible(fresh);
  await saveScreenshot(fresh, 'offline-page');
  // Issue "second walk", item 4: it loads the page by itself once the connection is back.
  await context.setOffline(false);
  await expect(fresh).toHaveURL(/\/terms$/);
  await expect(fresh.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();

  // In the app, a link to a page whose code was never loaded: the offline notice, not a blank screen.
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Create Shro' }).first().click();
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await saveScreenshot(page, 'offline-in-app');
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Create Shro', level: 1 })).toBeVisible({ timeout: 15_000 });
});

/** What a read without data shows offline (web/components/pending-read.tsx). */
const offlineWait = (page: Page) =>
  page.getByRole('status').filter({ hasText: "Can't load this without a connection" });

/**
 * Issue "second walk", item 4: a reload while offline never loads forever. Each read that has
 * nothing to show says it waits for the connection (nothing private is kept on the device for
 * it), and loads by itself when the connection returns: the home's three lists, Explore, and a
 * Shro opened before.
 */
test('a reload offline says what cannot load, and loads it by itself when back online', async ({
  user: me,
  friend,
  expectAccessible,
  saveScreenshot,
}) => {
  // Three pages, each opened twice under the service worker, then offline and back.
  test.slow();
  const { context } = me;
  const shro = await createShroViaApi(friend.context, {
    title: 'Offline dinner pick',
    type: 'text',
    recipients: [me.id],
    textOptions: textOptions('Soup', 'Salad'),
  });

  const home = await openControlled(context, '/');
  await expect(home.getByRole('region', { name: 'Waiting for you' })).toBeVisible();
  await context.setOffline(true);
  await home.reload();
  await expect(offlineBanner(home)).toBeVisible();
  // The inbox, the friend requests and the live Shros: each says so, none spins.
  await expect(offlineWait(home)).toHaveCount(3);
  await expect(home.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await expectAccessible(home);
  await saveScreenshot(home, 'offline-home');
  await context.setOffline(false);
  await expect(home.getByRole('region', { name: 'Waiting for you' }).getByText('Offline dinner pick')).toBeVisible();
  await expect(offlineWait(home)).toHaveCount(0);

  const explore = await openControlled(context, '/explore');
  await expect(explore.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(true);
  await explore.reload();
  await expect(offlineWait(explore)).toHaveCount(1);
  await expect(explore.getByText(/^Loading .*…$/)).toHaveCount(0);
  await saveScreenshot(explore, 'offline-explore');
  await context.setOffline(false);
  await expect(offlineWait(explore)).toHaveCount(0);
  await expect(explore.locator('[aria-busy="true"]')).toHaveCount(0);

  const session = await openControlled(context, `/session/${shro.id}`);
  await expect(session.getByText('Offline dinner pick').first()).toBeVisible();
  await context.setOffline(true);
  await session.reload();
  await expect(offlineWait(session)).toHaveCount(1);
  await expect(session.getByText('Loading session...')).toHaveCount(0);
  await expectAccessible(session);
  await saveScreenshot(session, 'offline-session');
  await context.setOffline(false);
  await expect(session.getByText('Offline dinner pick').first()).toBeVisible();
  await expect(offlineWait(session)).toHaveCount(0);
});
