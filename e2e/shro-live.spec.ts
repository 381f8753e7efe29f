import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ShroPage } from './pages/shro-page';
import { createShroViaApi, selectViaApi, textOptions } from './support/api';

/** Issue 12 item 4 (decision 100): live events carry the public state, so watchers need no request. */

/** Opens the Shro page and waits until its live channel is open and polling has stopped. */
async function watch(page: Page, shro: { id: string }) {
  const live = page.waitForResponse((r) => r.url().includes(`/api/live?watch=${shro.id}`));
  await page.goto(ShroPage.path(shro));
  await live;
  // Longer than one polling interval (docs/product.md §9: 2 s): a poll planned before the channel
  // opened has run by now, and none follows while the channel is healthy.
  await page.waitForTimeout(2500);
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/sessions/${shro.id}`)
      reads.push(request.url());
  });
  return reads;
}

test('a watching tab sees the count change without reading the Shro again; the creator’s board refetches', async ({
  user: alice,
  newUser,
}) => {
  const shro = await createShroViaApi(alice.context, {
    title: 'Movie night?',
    type: 'text',
    isPublic: true,
    textOptions: textOptions('Alien', 'Heat', 'Up', 'Jaws'),
  });
  const [bob, carol, dan] = [await newUser('bob'), await newUser('carol'), await newUser('dan')];
  // Bob has not picked: his page shows the count only.
  const bobPage = await bob.context.newPage();
  const bobReads = await watch(bobPage, shro);
  const creatorPage = await alice.context.newPage();
  const creatorReads = await watch(creatorPage, shro);
  await expect(creatorPage.getByText('Your Shro is live!')).toBeVisible();

  await selectViaApi(carol.context, shro, 1);
  const participants = bobPage.getByRole('heading', { name: /Participants/ });
  await expect(participants).toHaveText(/Participants\s*1$/);
  await selectViaApi(dan.context, shro, 2);
  await expect(participants).toHaveText(/Participants\s*2$/);
  // Nothing in the boxes reached Bob's page.
  await expect(bobPage.getByText('Alien')).toHaveCount(0);
  expect(bobReads).toEqual([]);

  // The creator's board shows who opened what: that view is refetched.
  await expect(creatorPage.getByText('2 people have opened a box')).toBeVisible();
  expect(creatorReads.length).toBeGreaterThanOrEqual(1);
});
