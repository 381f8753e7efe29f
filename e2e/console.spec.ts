import type { BrowserContext, ConsoleMessage, Page, Request, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { createShroViaApi, textOptions, uniqueName } from './support/api';

/**
 * What a page load in a new tab logs as an error: console errors, uncaught exceptions, and
 * requests that failed or were answered 4xx/5xx (the browser logs each of those too).
 */
async function problemsOf(
  context: BrowserContext,
  path: string,
  ready: (page: Page) => Promise<void>,
): Promise<string[]> {
  const page = await context.newPage();
  const problems: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  };
  const onPageError = (error: Error) => problems.push(`exception: ${error.message}`);
  const onResponse = (response: Response) => {
    if (response.status() >= 400)
      problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  };
  const onFailed = (request: Request) =>
    problems.push(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  await page.goto(path);
  await ready(page);
  // The reads a page starts after its first render (counts, the live channel) have answered.
  await page.waitForLoadState('networkidle');
  page.off('console', onConsole);
  page.off('pageerror', onPageError);
  page.off('response', onResponse);
  page.off('requestfailed', onFailed);
  await page.close();
  return problems;
}

/**
 * Issue "second walk", item 23: a normal page load logs no error. A visitor's page does not ask
 * who is signed in (no 401), and a member who is not a moderator is never answered 404 by
 * `GET /api/moderation/me`: the user object says who moderates.
 */
test('a normal page load logs no error and no failed request, for visitors and members', async ({
  user,
  openContext,
}) => {
  const shro = await createShroViaApi(user.context, {
    title: `Quiet log ${uniqueName('q').slice(-6)}`,
    type: 'text',
    isPublic: true,
    textOptions: textOptions('Tea', 'Coffee'),
  });

  const visitor = await openContext();
  const heading = (name: string | RegExp) => async (page: Page) => {
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  };
  expect(await problemsOf(visitor, '/', heading(/.+/))).toEqual([]);
  expect(await problemsOf(visitor, '/login', heading('Welcome back'))).toEqual([]);
  expect(
    await problemsOf(visitor, `/session/${shro.id}`, async (page) => {
      await expect(page.getByText(shro.title).first()).toBeVisible();
    }),
  ).toEqual([]);

  expect(
    await problemsOf(user.context, '/', async (page) => {
      await expect(page.getByRole('region', { name: 'Waiting for you' })).toBeVisible();
    }),
  ).toEqual([]);
  // The user object tells the app: no moderator here.
  const me = (await (await user.context.request.get('/api/auth/user')).json()) as { isModerator: boolean };
  expect(me.isModerator).toBe(false);
});
