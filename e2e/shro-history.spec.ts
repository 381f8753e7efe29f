import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, launchBrowser, newContext, screenshot, type ViewportName } from './support/browser';
import { createShroViaApi, expectText, expectToast, makeFriends, signedInUser, textOptions } from './support/shros';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each<ViewportName>(['mobile', 'desktop'])('history on %s', (viewport) => {
  const open = () => newContext(browser, viewport);

  it('lists sent and received Shros in tabs with counts, and deletes with a confirmation', async () => {
    const alice = await signedInUser(open, 'hist');
    const bob = await signedInUser(open, 'histbob');
    const carol = await signedInUser(open, 'histcar');
    await makeFriends(alice.context, alice.id, bob.context, bob.id);
    await makeFriends(alice.context, alice.id, carol.context, carol.id);
    const toBob = await createShroViaApi(alice.context, {
      title: 'Lunch spot',
      type: 'text',
      recipients: [bob.id],
      textOptions: textOptions('Tacos', 'Ramen'),
    });
    await createShroViaApi(alice.context, {
      title: 'Team outing',
      type: 'text',
      recipients: [bob.id, carol.id],
      textOptions: textOptions('Bowling', 'Karaoke'),
    });
    await createShroViaApi(alice.context, {
      title: 'Best pizza in town',
      type: 'text',
      isPublic: true,
      textOptions: textOptions('Margherita', 'Diavola'),
    });
    await createShroViaApi(alice.context, {
      title: 'Link vote',
      type: 'text',
      isShareable: true,
      textOptions: textOptions('Yes', 'No'),
    });
    await createShroViaApi(bob.context, {
      title: 'Gift for mum',
      type: 'text',
      recipients: [alice.id],
      textOptions: textOptions('Flowers', 'Book'),
    });
    const box = toBob.boxes[0]!;
    await bob.context.request.post(`/api/sessions/${toBob.id}/select`, {
      data: { boxId: box.id },
      headers: { origin: baseURL() },
    });

    const page = await alice.context.newPage();
    await page.goto('/history');
    await expect.poll(() => page.getByRole('heading', { name: 'Your Shro History' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('tab', { name: /All/ }).textContent()).toBe('All5');
    expect(await page.getByRole('tab', { name: /Sent/ }).textContent()).toBe('Sent4');
    expect(await page.getByRole('tab', { name: /Received/ }).textContent()).toBe('Received1');
    await expectText(page, `Sent to @${bob.username}`);
    await expectText(page, 'Sent to 2 friends');
    await expectText(page, 'Sent to Public');
    // A link Shro says how it went out, not "Sent to Someone".
    await expect
      .poll(() => page.getByRole('article', { name: 'Link vote' }).getByText('Shared by link').isVisible())
      .toBe(true);
    expect(await page.getByText('Sent to Someone').count()).toBe(0);
    await expectText(page, `From @${bob.username}`);
    await expectText(page, 'Showing 1 to 5 of 5 Shros');
    const lunch = page.getByRole('article', { name: 'Lunch spot' });
    await expect.poll(() => lunch.getByText(/Selection made|Revealed/).isVisible()).toBe(true);
    expect(
      await page.getByRole('article', { name: 'Team outing' }).getByText('Waiting for selection').isVisible(),
    ).toBe(true);
    await expectAccessible(page);
    await screenshot(page, `history-all-${viewport}`);

    await page.getByRole('tab', { name: /Sent/ }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(4);
    await page.getByRole('tab', { name: /Received/ }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(1);

    // A received Shro leaves only this history.
    await page.getByRole('button', { name: 'Delete Gift for mum' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove from your history?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, `history-delete-dialog-${viewport}`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Shro deleted successfully');
    await expect.poll(() => page.getByRole('heading', { name: 'No Shros received yet' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Create Your First Shro' }).getAttribute('href')).toBe('/create');
    await expect.poll(() => page.getByRole('tab', { name: /Received/ }).textContent()).toBe('Received0');
    await screenshot(page, `history-empty-received-${viewport}`);
    const bobSees = await bob.context.request.get('/api/sessions?tab=sent');
    expect(((await bobSees.json()) as { total: number }).total).toBe(1);

    // A sent one is deleted for everyone; Cancel keeps it.
    await page.getByRole('tab', { name: /Sent/ }).click();
    await page.getByRole('button', { name: 'Delete Link vote' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('article', { name: 'Link vote' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Delete Link vote' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this Shro?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Shro deleted successfully');
    await expect.poll(() => page.getByRole('article', { name: 'Link vote' }).count()).toBe(0);

    await page.getByRole('link', { name: 'View Lunch spot' }).click();
    await page.waitForURL((url) => url.pathname === `/session/${toBob.id}`);
    await alice.context.close();
    await bob.context.close();
    await carol.context.close();
  });

  it('shows per-tab empty states for a new account', async () => {
    const dave = await signedInUser(open, 'new');
    const page = await dave.context.newPage();
    await page.goto('/history');
    await expect.poll(() => page.getByRole('heading', { name: 'No Shros yet' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, `history-empty-${viewport}`);
    await page.getByRole('tab', { name: /Sent/ }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: "You haven't sent any Shros yet" }).isVisible())
      .toBe(true);
    await page.getByRole('link', { name: 'Create Your First Shro' }).click();
    await page.waitForURL((url) => url.pathname === '/create');
    await dave.context.close();
  });
});

describe('history paging and failures', () => {
  it('pages 10 at a time with at most 5 page buttons, and reports a failed delete', async () => {
    const erin = await signedInUser(() => newContext(browser, 'desktop'), 'pages');
    for (let i = 1; i <= 62; i++)
      await createShroViaApi(erin.context, {
        title: `Poll number ${i}`,
        type: 'text',
        isShareable: true,
        textOptions: textOptions('A', 'B'),
      });
    const page = await erin.context.newPage();
    await page.goto('/history');
    await expectText(page, 'Showing 1 to 10 of 62 Shros');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    expect(await pager.getByRole('button', { name: /^Page / }).allTextContents()).toEqual(['1', '2', '3', '4', '5']);
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Page 5' }).click();
    await expectText(page, 'Showing 41 to 50 of 62 Shros');
    expect(await pager.getByRole('button', { name: /^Page / }).allTextContents()).toEqual(['3', '4', '5', '6', '7']);
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expectText(page, 'Showing 61 to 62 of 62 Shros');
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await pager.getByRole('button', { name: 'Page 7' }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'history-pagination-desktop');
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expectText(page, 'Showing 51 to 60 of 62 Shros');

    await page.route('**/api/sessions/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Delete Poll number 10' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Failed to delete Shro');
    await erin.context.close();
  });
});
