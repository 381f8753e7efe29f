import { expect, test } from './fixtures';
import { createShroViaApi, textOptions } from './support/api';

test.describe('home', () => {
  test('shows members the total-Shros badge with locale separators, the hover cards and the floating actions', async ({
    user,
    viewportName,
    expectAccessible,
    saveScreenshot,
  }) => {
    const { context } = user;
    await createShroViaApi(context, {
      title: 'Badge check',
      type: 'text',
      isPublic: true,
      textOptions: textOptions('One', 'Two'),
    });
    const stats = (await (await context.request.get('/api/platform/stats')).json()) as { totalShros: number };
    expect(stats.totalShros).toBeGreaterThan(0);

    const page = await context.newPage();
    await page.goto('/');
    // Other tests create Shros on the same server at the same time: the badge shows a total
    // between the one read before the page and the one read after it, with en-US separators.
    // Second walk, item 10: the badge says what it counts (public and link Shros of everyone).
    const badge = page.getByText(/[\d,]+ Shros? shared publicly or by link/);
    await expect(badge).toBeVisible();
    const shownText = /([\d,]+) Shros? shared publicly or by link/.exec((await badge.textContent()) ?? '')![1]!;
    const shown = Number(shownText.replaceAll(',', ''));
    const after = (await (await context.request.get('/api/platform/stats')).json()) as { totalShros: number };
    expect(shown).toBeGreaterThanOrEqual(stats.totalShros);
    expect(shown).toBeLessThanOrEqual(after.totalShros);
    expect(shownText).toBe(shown.toLocaleString('en-US'));
    await expect(page.getByRole('heading', { name: 'Send to Friends' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Share with Anyone' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Send a Shro/ })).toHaveAttribute('href', '/create');

    const quick = page.getByRole('navigation', { name: 'Quick actions' });
    const create = quick.getByRole('link', { name: 'Create' });
    if (viewportName === 'phone') {
      // Issue 14, item 9: on a phone, one floating Create button only, and none on top of the
      // cards while the page's own "Send a Shro" button is on screen.
      // The inbox sits above the headline (issue 13): the page's own button is further down.
      await page.getByRole('link', { name: /Send a Shro/ }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'home-member-badge');
      await expect(page.getByRole('heading', { name: 'Share with Anyone' })).toBeVisible();
      await expect(create).toBeHidden();
      await page.getByRole('heading', { name: 'Instant Reveal' }).scrollIntoViewIfNeeded();
      await expect(create).toBeVisible();
      await expect(create).toHaveAttribute('href', '/create');
      const visible = await quick
        .locator('a, button')
        .evaluateAll((items) => items.filter((item) => (item as HTMLElement).offsetParent !== null).length);
      expect(visible).toBe(1);
      await saveScreenshot(page, 'home-member-scrolled');
      // At the end of the page the last lines scroll clear of the button.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const fab = (await create.boundingBox())!;
      for (const text of [page.getByText(/All rights reserved/), page.getByRole('link', { name: 'Support' })]) {
        const box = (await text.boundingBox())!;
        expect(box.y + box.height <= fab.y || box.x >= fab.x + fab.width || box.x + box.width <= fab.x).toBe(true);
      }
      await expectAccessible(page);
    } else {
      // The floating action area: Create, and a toggle that expands Explore and Friends.
      await expect(create).toBeVisible();
      await page.getByRole('button', { name: 'More quick actions' }).click();
      await expect(quick.getByRole('link', { name: 'Friends', exact: true })).toBeVisible();
      await expect(quick.getByRole('link', { name: 'Explore', exact: true })).toHaveAttribute('href', '/explore');
      await expectAccessible(page);
      await saveScreenshot(page, 'home-member-badge');
    }
  });

  test('shows no badge and no floating actions to visitors', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Quick Tutorial' })).toBeVisible();
    await expect(page.getByText(/shared publicly or by link/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'More quick actions' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Quick actions' })).toHaveCount(0);
  });
});
