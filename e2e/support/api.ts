import { type APIRequestContext, type APIResponse, type BrowserContext, expect, test } from '@playwright/test';
import type { Shro } from '../../contract/shro-views';
import { filterSafe } from '../../tests/support/filter-safe';

/** The server under test (playwright.config.ts `use.baseURL`). */
export const baseURL = () => test.info().project.use.baseURL!;

/** Writes through a context's cookie jar carry the site's own origin, as the browser would send. */
const sameOrigin = () => ({ origin: baseURL() });

async function ok<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

let counter = 0;
/**
 * A unique username for this run (workers run at once, so the worker's number is part of it).
 * Never one the server's word filter refuses: random letters and digits sometimes spell a word on
 * its list (leetspeak included), and registration would answer 400.
 */
export function uniqueName(prefix = 'user'): string {
  return filterSafe(() =>
    `${prefix}_${Date.now().toString(36).slice(-6)}${test.info().workerIndex.toString(36)}${(counter++).toString(36)}`.slice(
      0,
      30,
    ),
  );
}

/** Registers through the API inside the context, so the context's cookie jar is signed in. */
export async function registerViaApi(
  context: { request: APIRequestContext },
  username = uniqueName(),
  password = 'secret123',
) {
  const user = await ok<{ id: string; username: string }>(
    await context.request.post('/api/register', {
      data: { username, email: `${username}@example.com`, password, confirmPassword: password, acceptTerms: true },
      headers: sameOrigin(),
    }),
  );
  return { username, password, user };
}

type Account = { context: BrowserContext; id: string };

/** `a` asks `b` and `b` accepts, through the API (for tests whose subject is not befriending). */
export async function makeFriends(a: Account, b: Account) {
  await ok(await a.context.request.post('/api/friends/request', { data: { friendId: b.id }, headers: sameOrigin() }));
  await ok(await b.context.request.post('/api/friends/accept', { data: { friendId: a.id }, headers: sameOrigin() }));
}

/** Creates a Shro through the API (JSON body, no images): test data, not the path under test. */
export async function createShroViaApi(context: BrowserContext, fields: Record<string, unknown>): Promise<Shro> {
  const response = await context.request.post('/api/sessions', {
    data: { isShareable: false, isPublic: false, ...fields },
    headers: sameOrigin(),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Shro;
}

/** Creates a Shro with image boxes through the API (multipart, as the web app sends it). */
export async function createImageShroViaApi(context: BrowserContext, form: FormData): Promise<Shro> {
  const response = await context.request.post('/api/sessions', { multipart: form, headers: sameOrigin() });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Shro;
}

export const textOptions = (...contents: string[]) => contents.map((content) => ({ content }));

/** The context's user opens the box at `position` of a Shro they may open. */
export async function selectViaApi(context: BrowserContext, shro: Shro, position: number) {
  const box = shro.boxes.find((b) => b.position === position)!;
  await ok(
    await context.request.post(`/api/sessions/${shro.id}/select`, { data: { boxId: box.id }, headers: sameOrigin() }),
  );
}

/** A signed-in write through the API that must succeed (a friend request, a chat message, a profile change). */
export async function writeViaApi(
  context: BrowserContext,
  method: 'post' | 'patch',
  url: string,
  data: Record<string, unknown>,
) {
  return ok(await context.request[method](url, { data, headers: sameOrigin() }));
}
