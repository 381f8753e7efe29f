import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Shro } from '../../contract/shros';
import { baseURL, registerViaApi } from './browser';

/** Writes through a context's cookie jar; the Origin header satisfies the server's cross-site check. */
const writeHeaders = () => ({ origin: baseURL() });

/** Makes two signed-in contexts friends through the API (request, then accept). */
export async function makeFriends(a: BrowserContext, aId: string, b: BrowserContext, bId: string) {
  const request = await a.request.post('/api/friends/request', { data: { friendId: bId }, headers: writeHeaders() });
  expect(request.ok(), await request.text()).toBe(true);
  const accept = await b.request.post('/api/friends/accept', { data: { friendId: aId }, headers: writeHeaders() });
  expect(accept.ok(), await accept.text()).toBe(true);
}

/** A signed-in user in its own context. */
export async function signedInUser(newContext: () => Promise<BrowserContext>, prefix: string) {
  const context = await newContext();
  const { user, username } = await registerViaApi(context, uniqueUsername(prefix));
  return { context, id: user.id, username };
}

let counter = 0;
const uniqueUsername = (prefix: string) =>
  `${prefix}_${Date.now().toString(36).slice(-5)}${(counter++).toString(36)}`.slice(0, 30);

/** Creates a Shro through the API (JSON body, no images): test data, not the path under test. */
export async function createShroViaApi(context: BrowserContext, fields: Record<string, unknown>): Promise<Shro> {
  const response = await context.request.post('/api/sessions', {
    data: { isShareable: false, isPublic: false, ...fields },
    headers: writeHeaders(),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Shro;
}

export const textOptions = (...contents: string[]) => contents.map((content) => ({ content }));

/** A real PNG made with sharp: a coloured square with a word on it. */
export async function pngFile(name: string, word: string, colors: [string, string]) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/>
    </linearGradient></defs>
    <rect width="480" height="480" fill="url(#g)"/>
    <text x="240" y="270" font-family="sans-serif" font-size="72" font-weight="700" fill="#fff" text-anchor="middle">${word}</text>
  </svg>`;
  const buffer = await sharp(Buffer.from(svg)).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/**
 * Waits for a toast holding `text`. Located by CSS, not role: while a modal dialog is open the
 * toast region sits outside it and is hidden from the accessibility tree.
 */
export async function expectToast(page: Page, text: string) {
  const toasts = page.locator('[role="region"][aria-label^="Notifications"] li');
  await expect
    .poll(() => toasts.filter({ hasText: text }).first().isVisible(), { message: `toast "${text}"` })
    .toBe(true);
}

/** Waits until `text` is visible anywhere on the page (first match). */
export async function expectText(page: Page, text: string | RegExp, timeout = 10_000) {
  await expect
    .poll(() => page.getByText(text).first().isVisible(), { message: `text ${String(text)}`, timeout })
    .toBe(true);
}
