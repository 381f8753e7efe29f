import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const viewports = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof viewports;

export const baseURL = () => inject('baseURL');

/** Debian's Chromium, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newContext(browser: Browser, viewport: ViewportName): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: viewports[viewport],
    deviceScaleFactor: 1,
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(10_000);
  return context;
}

/**
 * Records what the page writes to the clipboard. The app's Permissions-Policy denies
 * `clipboard-read` (it never reads the clipboard), so a test cannot read it back; it checks what
 * the app handed to `navigator.clipboard.writeText` instead (`copiedText`).
 */
export async function recordClipboardWrites(context: BrowserContext) {
  await context.grantPermissions(['clipboard-write'], { origin: baseURL() });
  await context.addInitScript(() => {
    const clipboard = navigator.clipboard;
    if (!clipboard) return;
    const write = clipboard.writeText.bind(clipboard);
    clipboard.writeText = (text: string) => {
      (window as unknown as { __copiedText?: string }).__copiedText = text;
      return write(text);
    };
  });
}

/** The last text the page copied (see `recordClipboardWrites`). */
export const copiedText = (page: Page) =>
  page.evaluate(() => (window as unknown as { __copiedText?: string }).__copiedText ?? null);

const screenshotDir = path.resolve('e2e/screenshots');

/** Saves a full-page screenshot for people to look at (e2e/screenshots, not committed). */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Fails on serious or critical accessibility violations. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'serious or critical accessibility violations',
  ).toEqual([]);
}

let counter = 0;
/** A unique username for this run. */
export const uniqueName = (prefix = 'user') =>
  `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`.slice(0, 30);

/** Registers through the API inside the context, so the context's cookie jar is signed in. */
export async function registerViaApi(context: BrowserContext, username = uniqueName(), password = 'secret123') {
  const response = await context.request.post('/api/register', {
    data: { username, email: `${username}@example.com`, password, confirmPassword: password },
    headers: { origin: baseURL() },
  });
  if (!response.ok()) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  return { username, password, user: (await response.json()) as { id: string; username: string } };
}
