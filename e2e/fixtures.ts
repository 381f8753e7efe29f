import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { makeFriends, registerViaApi, uniqueName } from './support/api';

/** The project a test runs in (playwright.config.ts): a 390x844 phone or a 1280x800 desktop. */
export type ViewportName = 'phone' | 'desktop';

export interface E2EOptions {
  viewportName: ViewportName;
}

/** Someone registered through the API, signed in within their own browser context. */
export interface SignedInUser {
  context: BrowserContext;
  id: string;
  username: string;
  password: string;
}

interface E2EFixtures {
  /** A fresh context with this project's viewport; every one is closed after the test. */
  openContext: () => Promise<BrowserContext>;
  /** A new signed-in user in their own context (closed after the test). */
  newUser: (prefix?: string) => Promise<SignedInUser>;
  /** A signed-in user. */
  user: SignedInUser;
  /** A second signed-in user, already a friend of `user`. */
  friend: SignedInUser;
  /** Fails on serious or critical axe violations of the page as it is now. */
  expectAccessible: (page: Page) => Promise<void>;
  /** Saves a full-page screenshot to e2e/screenshots/<name>-<viewport>.png for people to look at. */
  saveScreenshot: (page: Page, name: string) => Promise<void>;
}

const screenshotDir = path.resolve('e2e/screenshots');

export const test = base.extend<E2EFixtures, E2EOptions>({
  viewportName: ['desktop', { option: true, scope: 'worker' }],

  openContext: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      // Inside a test, new contexts take the project's `use` options (viewport, baseURL, timeouts).
      const context = await browser.newContext();
      contexts.push(context);
      return context;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },

  newUser: async ({ openContext }, use) => {
    await use(async (prefix = 'user') => {
      const context = await openContext();
      const { user, username, password } = await registerViaApi(context, uniqueName(prefix));
      return { context, id: user.id, username, password };
    });
  },

  user: async ({ newUser }, use) => {
    await use(await newUser('alice'));
  },

  friend: async ({ newUser, user }, use) => {
    const friend = await newUser('bob');
    await makeFriends(user, friend);
    await use(friend);
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  expectAccessible: async ({}, use) => {
    await use(async (page) => {
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
        'serious or critical accessibility violations',
      ).toEqual([]);
    });
  },

  saveScreenshot: async ({ viewportName }, use) => {
    await use(async (page, name) => {
      fs.mkdirSync(screenshotDir, { recursive: true });
      await page.screenshot({ path: path.join(screenshotDir, `${name}-${viewportName}.png`), fullPage: true });
    });
  },
});

export { expect };
