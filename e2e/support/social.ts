import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL } from './browser';

/** Writes from a signed-in context carry the site's own origin, as the browser would. */
const sameOrigin = () => ({ origin: baseURL() });

async function ok<T>(response: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<T> }) {
  if (!response.ok()) throw new Error(`${response.status()} ${await response.text()}`);
  return response.json();
}

/** `a` asks `b` and `b` accepts, through the API (for tests whose subject is not befriending). */
export async function makeFriends(a: BrowserContext, b: BrowserContext, aId: string, bId: string) {
  await ok(await a.request.post('/api/friends/request', { data: { friendId: bId }, headers: sameOrigin() }));
  await ok(await b.request.post('/api/friends/accept', { data: { friendId: aId }, headers: sameOrigin() }));
}

/** A private text Shro from the context's user to one friend; returns its id. */
export async function createShroFor(context: BrowserContext, friendId: string, title = 'Pizza or tacos?') {
  const shro = await ok<{ id: string }>(
    await context.request.post('/api/sessions', {
      headers: sameOrigin(),
      data: {
        title,
        type: 'text',
        isShareable: false,
        isPublic: false,
        friendId,
        recipients: JSON.stringify([friendId]),
        textOptions: JSON.stringify([
          { content: 'Pizza', label: 'Box 1' },
          { content: 'Tacos', label: 'Box 2' },
          { content: 'Sushi', label: 'Box 3' },
          { content: 'Curry', label: 'Box 4' },
        ]),
      },
    }),
  );
  return shro.id;
}

/** The context's user opens the first box of a Shro sent to them. */
export async function openFirstBox(context: BrowserContext, shroId: string) {
  const shro = await ok<{ boxes: { id: number; position: number }[] }>(
    await context.request.get(`/api/sessions/${shroId}`),
  );
  const box = shro.boxes.find((b) => b.position === 1)!;
  await ok(
    await context.request.post(`/api/sessions/${shroId}/select`, { data: { boxId: box.id }, headers: sameOrigin() }),
  );
}

/** Waits until a toast with this title shows. */
export async function expectToast(page: Page, title: string) {
  // Radix labels the toast region "Notifications (F8)".
  const region = page.getByRole('region', { name: /^Notifications \(/ });
  await expect.poll(() => region.getByText(title, { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
}

/** A small SVG picture, an accepted profile image type. */
export const avatarSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><defs><linearGradient id="g"><stop offset="0" stop-color="#f59e0b"/><stop offset="1" stop-color="#ec4899"/></linearGradient></defs><rect width="200" height="200" fill="url(#g)"/><circle cx="100" cy="80" r="40" fill="#fff"/><rect x="45" y="130" width="110" height="70" rx="35" fill="#fff"/></svg>',
);
