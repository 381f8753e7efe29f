import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  copiedText,
  expectAccessible,
  launchBrowser,
  newContext,
  recordClipboardWrites,
  screenshot,
  type ViewportName,
} from './support/browser';
import { createShroViaApi, expectText, expectToast, signedInUser, textOptions } from './support/shros';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Lists load lazily and poll: give every wait up to 10 s. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

/** The cards of one explore list, by its accessible name. */
const cardsIn = (page: Page, list: string) => page.getByRole('list', { name: list, exact: true }).getByRole('article');

const cardTitles = async (page: Page, list: string) =>
  (await cardsIn(page, list).getByRole('heading', { level: 3 }).allTextContents()).map((t) => t.trim());

describe.each<ViewportName>(['mobile', 'desktop'])('explore and achievements on %s', (viewport) => {
  const open = async (): Promise<BrowserContext> => {
    const context = await newContext(browser, viewport);
    await recordClipboardWrites(context);
    return context;
  };

  it('searches public Shros, filters by a clicked hashtag and clears it, shares a card', async () => {
    // Unique words for this run: the e2e server's database is shared by every spec.
    const stamp = `${viewport.slice(0, 3)}${Date.now().toString(36)}`;
    const tag = `taco${stamp}`;
    const alice = await signedInUser(open, 'exa');
    const taco = await createShroViaApi(alice.context, {
      title: `Taco Tuesday ${stamp}`,
      type: 'text',
      isPublic: true,
      hashtags: `${tag}, food`,
      textOptions: textOptions('Al pastor', 'Carnitas', 'Birria', 'Veggie'),
    });
    await createShroViaApi(alice.context, {
      title: `Movie night ${stamp}`,
      type: 'text',
      isPublic: true,
      hashtags: `movies${stamp}`,
      textOptions: textOptions('Comedy', 'Horror'),
    });
    await createShroViaApi(alice.context, {
      title: `Fiesta plans ${stamp}`,
      type: 'text',
      isPublic: true,
      hashtags: tag,
      textOptions: textOptions('Piñata', 'Karaoke'),
    });
    // A private one never shows.
    await createShroViaApi(alice.context, {
      title: `Secret ${stamp}`,
      type: 'text',
      isShareable: true,
      textOptions: textOptions('A', 'B'),
    });

    const bob = await signedInUser(open, 'exb');
    const page = await bob.context.newPage();
    // A slow first answer, so the 10 skeleton cards can be counted.
    await page.route('**/api/explore/trending', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.goto('/explore');
    await poll(() => page.getByRole('heading', { name: 'Explore', level: 1 }).isVisible()).toBe(true);
    await poll(() => page.getByTestId('explore-skeleton').count()).toBe(10);
    expect(await page.getByRole('tab', { name: 'Trending' }).getAttribute('aria-selected')).toBe('true');
    await poll(async () => (await cardTitles(page, 'Trending Shros')).length).toBeGreaterThan(2);
    await page.unroute('**/api/explore/trending');
    await expectAccessible(page);
    await screenshot(page, `explore-trending-${viewport}`);
    if (viewport === 'mobile') {
      // Issue 14, item 16: at 320 px the three tabs fit whole inside the bar and the screen.
      await page.setViewportSize({ width: 320, height: 640 });
      const overflow = await page.getByRole('tablist', { name: 'Explore sections' }).evaluate((list) => {
        const bar = list.getBoundingClientRect();
        const tabs = [...list.querySelectorAll('[role="tab"]')].map((tab) => tab.getBoundingClientRect());
        return {
          scroll: list.scrollWidth - list.clientWidth,
          screen: Math.max(0, bar.right - window.innerWidth),
          tabs: tabs.map((tab) => Math.max(0, tab.right - bar.right, bar.left - tab.left)),
        };
      });
      expect(overflow).toEqual({ scroll: 0, screen: 0, tabs: [0, 0, 0] });
      await screenshot(page, `explore-trending-320`);
      await page.setViewportSize({ width: 390, height: 844 });
    }

    // Search: 3 characters at least, then title matches.
    const search = page.getByRole('searchbox', { name: 'Search Shros' });
    await search.fill('ta');
    expect(await page.getByRole('tab', { name: 'Search' }).getAttribute('aria-selected')).toBe('true');
    await expectText(page, 'Type at least 3 characters to search');
    await search.fill(stamp);
    await poll(async () => (await cardTitles(page, 'Search results')).sort()).toEqual(
      [`Fiesta plans ${stamp}`, `Movie night ${stamp}`, `Taco Tuesday ${stamp}`].sort(),
    );
    await search.fill(`movie night ${stamp}`);
    await poll(() => cardTitles(page, 'Search results')).toEqual([`Movie night ${stamp}`]);
    // And hashtags, with or without "#".
    await search.fill(`#movies${stamp}`);
    await poll(() => cardTitles(page, 'Search results')).toEqual([`Movie night ${stamp}`]);
    await expectAccessible(page);
    await screenshot(page, `explore-search-${viewport}`);

    // A card: closed boxes only, its link, creator, age, type and count.
    await search.fill(`Taco Tuesday ${stamp}`);
    await poll(() => cardTitles(page, 'Search results')).toEqual([`Taco Tuesday ${stamp}`]);
    const card = cardsIn(page, 'Search results').first();
    expect(await card.getByRole('list', { name: '4 hidden boxes' }).getByRole('listitem').count()).toBe(4);
    expect(await card.getByLabel('Mystery Box #1').count()).toBe(1);
    for (const secret of ['Al pastor', 'Carnitas', 'Birria']) expect(await card.getByText(secret).count()).toBe(0);
    expect(await card.getByText('Active').isVisible()).toBe(true);
    expect(await card.getByText(`@${alice.username}`).isVisible()).toBe(true);
    // Created seconds ago: "just now", never "0m ago".
    expect(await card.getByText(/^(just now|[1-9]\d*m ago)$/).isVisible()).toBe(true);
    expect(await card.getByText('0m ago').count()).toBe(0);
    expect(await card.getByText('0 participants').isVisible()).toBe(true);
    expect(await card.getByText('Text', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByRole('link', { name: /Open Shro/ }).getAttribute('href')).toBe(`/session/${taco.id}`);

    await card.getByRole('button', { name: `Share Taco Tuesday ${stamp}` }).click();
    await expectToast(page, 'Link copied!');
    expect(await copiedText(page)).toMatch(new RegExp(`/session/${taco.id}$`));

    // Clicking a hashtag filters the recent list to it; Clear filter brings everything back.
    await card.getByRole('button', { name: `Filter by #${tag}` }).click();
    expect(await page.getByRole('tab', { name: 'Recent' }).getAttribute('aria-selected')).toBe('true');
    await expectText(page, `#${tag}`);
    await poll(() => cardTitles(page, 'Recent Shros')).toEqual([`Fiesta plans ${stamp}`, `Taco Tuesday ${stamp}`]);
    expect(
      await cardsIn(page, 'Recent Shros')
        .first()
        .getByRole('button', { name: `Filter by #${tag}` })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await expectAccessible(page);
    await screenshot(page, `explore-hashtag-${viewport}`);
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await poll(async () => (await cardTitles(page, 'Recent Shros')).length).toBeGreaterThan(2);
    expect(await cardTitles(page, 'Recent Shros')).toContain(`Movie night ${stamp}`);
    expect(await cardTitles(page, 'Recent Shros')).not.toContain(`Secret ${stamp}`);

    // The card's link opens the Shro.
    await cardsIn(page, 'Recent Shros')
      .filter({ hasText: `Taco Tuesday ${stamp}` })
      .getByRole('link', { name: /Open Shro/ })
      .click();
    await page.waitForURL(new RegExp(`/session/${taco.id}$`));
    await alice.context.close();
    await bob.context.close();
  });

  it('unlocks First Shro by creating a Shro in the create page', async () => {
    const carol = await signedInUser(open, 'ach');
    const page = await carol.context.newPage();
    await page.goto('/achievements');
    await poll(() => page.getByRole('heading', { name: 'Achievements', level: 1 }).isVisible()).toBe(true);
    await expectText(page, '0 of 12 unlocked');
    const firstShro = page
      .getByRole('list', { name: 'All achievements' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('heading', { name: 'First Shro' }),
      });
    await poll(() => firstShro.getByText('0/1').isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'All achievements' }).getByRole('listitem').count()).toBe(12);
    await expectAccessible(page);
    await screenshot(page, `achievements-empty-${viewport}`);

    await page.goto('/create');
    await page.getByRole('button', { name: /Custom Text/ }).click();
    await page.getByLabel('Title').fill('Lunch spot?');
    await page.getByLabel('Option A').fill('Ramen');
    await page.getByLabel('Option B').fill('Salad bar');
    await page.getByRole('switch', { name: /Share publicly on Explore/ }).check({ force: true });
    await page.getByRole('button', { name: 'Create Shro' }).click();
    await page.waitForURL(/\/session\/[\w-]+$/);

    await page.goto('/achievements');
    await expectText(page, '1 of 12 unlocked');
    const unlocked = page.getByRole('list', { name: 'Unlocked achievements' }).getByRole('listitem');
    await poll(() => unlocked.count()).toBe(1);
    expect(await unlocked.first().textContent()).toContain('First Shro');
    expect(await unlocked.first().textContent()).toMatch(/Unlocked \w{3} \d{1,2}, \d{4}/);
    expect(await firstShro.getByText('Unlocked').isVisible()).toBe(true);
    // Creating also started a streak and Shro Master's progress.
    const inProgress = page.getByRole('list', { name: 'Achievements in progress' });
    await poll(() => inProgress.getByText('1/10', { exact: true }).first().isVisible()).toBe(true);
    expect(await inProgress.getByText('1/3', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('progressbar', { name: 'Achievements unlocked' }).getAttribute('aria-valuenow')).toBe(
      '1',
    );
    await expectAccessible(page);
    await screenshot(page, `achievements-unlocked-${viewport}`);

    // The unlock is also a notification.
    await page.goto('/notifications');
    await expectText(page, 'Achievement Unlocked!');
    await carol.context.close();
  });
});
