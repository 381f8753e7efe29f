import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';

/**
 * The toasts holding `text`. Located by CSS, not role: while a modal dialog is open the toast
 * region sits outside it and is hidden from the accessibility tree.
 */
export const toast = (page: Page, text: string) =>
  page.locator('[role="region"][aria-label^="Notifications"] li').filter({ hasText: text });

/** Waits for a toast holding `text`. */
export async function expectToast(page: Page, text: string) {
  await expect(toast(page, text).first(), `toast "${text}"`).toBeVisible();
}

/** Waits until `text` is visible somewhere on the page (first match). */
export async function expectText(page: Page, text: string | RegExp, timeout?: number) {
  await expect(page.getByText(text).first()).toBeVisible({ timeout });
}

/** The trimmed text of the element that has focus. */
export const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

/** The on-screen boxes of two elements overlap. */
export async function overlap(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('element not on screen');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/**
 * Records what the page writes to the clipboard. The app's Permissions-Policy denies
 * `clipboard-read` (it never reads the clipboard), so a test cannot read it back; it checks what
 * the app handed to `navigator.clipboard.writeText` instead (`copiedText`).
 */
export async function recordClipboardWrites(context: BrowserContext, origin: string) {
  await context.grantPermissions(['clipboard-write'], { origin });
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

/** Replaces window.open so the share windows are recorded, not opened; returns a reader of the URLs so far. */
export async function recordWindowOpen(page: Page) {
  await page.evaluate(() => {
    const calls: string[] = [];
    (window as unknown as { openedUrls: string[] }).openedUrls = calls;
    window.open = (url?: string | URL) => {
      calls.push(String(url));
      return null;
    };
  });
  return () => page.evaluate(() => (window as unknown as { openedUrls: string[] }).openedUrls);
}
