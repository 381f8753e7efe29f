import type { Page } from '@playwright/test';
import { filterSafe } from '../tests/support/filter-safe';
import { expect, test } from './fixtures';
import { CreatePage } from './pages/create-page';
import { createShroViaApi, textOptions } from './support/api';
import { copiedText, expectText, expectToast, recordClipboardWrites } from './support/page';

/** The cards of one explore list, by its accessible name. */
const cardsIn = (page: Page, list: string) => page.getByRole('list', { name: list, exact: true }).getByRole('article');

/** The card titles of one explore list. */
const titlesOf = (page: Page, list: string) => cardsIn(page, list).getByRole('heading', { level: 2 });

const cardTitles = async (page: Page, list: string) =>
  (await titlesOf(page, list).allTextContents()).map((t) => t.trim());

test.describe('explore and achievements', () => {
  test('searches public Shros, filters by a clicked hashtag and clears it, shares a card', async ({
    newUser,
    viewportName,
    baseURL,
    expectAccessible,
    saveScreenshot,
  }) => {
    // Unique words for this run: the e2e server's database is shared by every spec.
    // Never one the word filter holds back from explore (random letters sometimes spell a listed word).
    const stamp = filterSafe(
      (later) => `${viewportName.slice(0, 3)}${(Date.now() + later).toString(36)}`,
      (s) => [`taco${s}`, `Taco Tuesday ${s}`],
    );
    const tag = `taco${stamp}`;
    const alice = await newUser('exa');
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

    const bob = await newUser('exb');
    await recordClipboardWrites(bob.context, baseURL!);
    const page = await bob.context.newPage();
    // A slow first answer, so the 10 skeleton cards can be counted.
    await page.route('**/api/explore/trending', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.goto('/explore');
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
    await expect(page.getByTestId('explore-skeleton')).toHaveCount(10);
    await expect(page.getByRole('tab', { name: 'Trending' })).toHaveAttribute('aria-selected', 'true');
    await expect(titlesOf(page, 'Trending Shros').nth(2)).toBeVisible();
    await page.unroute('**/api/explore/trending');
    await expectAccessible(page);
    await saveScreenshot(page, 'explore-trending');
    if (viewportName === 'phone') {
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
      await saveScreenshot(page, 'explore-trending-320');
      await page.setViewportSize({ width: 390, height: 844 });
    }

    // Search: 3 characters at least, then title matches.
    const search = page.getByRole('searchbox', { name: 'Search Shros' });
    await search.fill('ta');
    await expect(page.getByRole('tab', { name: 'Search' })).toHaveAttribute('aria-selected', 'true');
    await expectText(page, 'Type at least 3 characters to search');
    await search.fill(stamp);
    await expect
      .poll(async () => (await cardTitles(page, 'Search results')).sort())
      .toEqual([`Fiesta plans ${stamp}`, `Movie night ${stamp}`, `Taco Tuesday ${stamp}`].sort());
    await search.fill(`movie night ${stamp}`);
    await expect(titlesOf(page, 'Search results')).toHaveText([`Movie night ${stamp}`]);
    // Second walk, item 1: a two-option Shro's card shows its two boxes, as its page does.
    const twoBoxes = cardsIn(page, 'Search results').first().getByRole('list', { name: '2 hidden boxes' });
    await expect(twoBoxes.getByRole('listitem')).toHaveCount(2);
    await expect(cardsIn(page, 'Search results').first().getByLabel('Mystery Box #3')).toHaveCount(0);
    // And hashtags, with or without "#".
    await search.fill(`#movies${stamp}`);
    await expect(titlesOf(page, 'Search results')).toHaveText([`Movie night ${stamp}`]);
    await expectAccessible(page);
    await saveScreenshot(page, 'explore-search');

    // A card: closed boxes only, its link, creator, age, type and count.
    await search.fill(`Taco Tuesday ${stamp}`);
    await expect(titlesOf(page, 'Search results')).toHaveText([`Taco Tuesday ${stamp}`]);
    const card = cardsIn(page, 'Search results').first();
    await expect(card.getByRole('list', { name: '4 hidden boxes' }).getByRole('listitem')).toHaveCount(4);
    await expect(card.getByLabel('Mystery Box #1')).toHaveCount(1);
    for (const secret of ['Al pastor', 'Carnitas', 'Birria']) await expect(card.getByText(secret)).toHaveCount(0);
    await expect(card.getByText('Active')).toBeVisible();
    await expect(card.getByText(`@${alice.username}`)).toBeVisible();
    // Created seconds ago: "just now", never "0m ago".
    await expect(card.getByText(/^(just now|[1-9]\d*m ago)$/)).toBeVisible();
    await expect(card.getByText('0m ago')).toHaveCount(0);
    await expect(card.getByText('0 participants')).toBeVisible();
    await expect(card.getByText('Text', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: /Open Shro/ })).toHaveAttribute('href', `/session/${taco.id}`);

    await card.getByRole('button', { name: `Share Taco Tuesday ${stamp}` }).click();
    await expectToast(page, 'Link copied!');
    expect(await copiedText(page)).toMatch(new RegExp(`/session/${taco.id}$`));

    // Clicking a hashtag filters the recent list to it; Clear filter brings everything back.
    await card.getByRole('button', { name: `Filter by #${tag}` }).click();
    await expect(page.getByRole('tab', { name: 'Recent' })).toHaveAttribute('aria-selected', 'true');
    await expectText(page, `#${tag}`);
    await expect(titlesOf(page, 'Recent Shros')).toHaveText([`Fiesta plans ${stamp}`, `Taco Tuesday ${stamp}`]);
    await expect(
      cardsIn(page, 'Recent Shros')
        .first()
        .getByRole('button', { name: `Filter by #${tag}` }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);
    await saveScreenshot(page, 'explore-hashtag');
    // Second walk, item 16: the tab and the filter are in the URL, so Back brings the filter back.
    await expect(page).toHaveURL((url) => url.searchParams.get('hashtag') === tag);
    await expect(page).toHaveURL((url) => url.searchParams.get('tab') === 'recent');
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await expect(page).toHaveURL((url) => !url.searchParams.has('hashtag') && url.searchParams.get('tab') === 'recent');
    await expect(page.getByRole('button', { name: 'Clear filter' })).toHaveCount(0);
    await page.goBack();
    await expect(titlesOf(page, 'Recent Shros')).toHaveText([`Fiesta plans ${stamp}`, `Taco Tuesday ${stamp}`]);
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await expect(titlesOf(page, 'Recent Shros').nth(2)).toBeVisible();
    expect(await cardTitles(page, 'Recent Shros')).toContain(`Movie night ${stamp}`);
    expect(await cardTitles(page, 'Recent Shros')).not.toContain(`Secret ${stamp}`);

    // The card's link opens the Shro.
    await cardsIn(page, 'Recent Shros')
      .filter({ hasText: `Taco Tuesday ${stamp}` })
      .getByRole('link', { name: /Open Shro/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/session/${taco.id}$`));

    // A shared link to a filter opens on it, with a "#" or without.
    for (const shared of [`/explore?hashtag=${tag}`, `/explore?tab=recent&hashtag=%23${tag}`]) {
      await page.goto(shared);
      await expectText(page, `#${tag}`);
      await expect(page.getByRole('button', { name: 'Clear filter' })).toBeVisible();
    }
    await expect(page.getByRole('tab', { name: 'Recent' })).toHaveAttribute('aria-selected', 'true');
    await expect(titlesOf(page, 'Recent Shros')).toHaveText([`Fiesta plans ${stamp}`, `Taco Tuesday ${stamp}`]);
  });

  test('unlocks First Shro by creating a Shro in the create page', async ({
    user,
    expectAccessible,
    saveScreenshot,
  }) => {
    const page = await user.context.newPage();
    await page.goto('/achievements');
    await expect(page.getByRole('heading', { name: 'Achievements', level: 1 })).toBeVisible();
    await expectText(page, '0 of 12 unlocked');
    const all = page.getByRole('list', { name: 'All achievements' }).getByRole('listitem');
    const firstShro = all.filter({ has: page.getByRole('heading', { name: 'First Shro' }) });
    await expect(firstShro.getByText('0/1')).toBeVisible();
    await expect(all).toHaveCount(12);
    await expectAccessible(page);
    await saveScreenshot(page, 'achievements-empty');

    await new CreatePage(page).createPublicText('Lunch spot?', 'Ramen', 'Salad bar');

    await page.goto('/achievements');
    await expectText(page, '1 of 12 unlocked');
    const unlocked = page.getByRole('list', { name: 'Unlocked achievements' }).getByRole('listitem');
    await expect(unlocked).toHaveCount(1);
    await expect(unlocked.first()).toContainText('First Shro');
    await expect(unlocked.first()).toContainText(/Unlocked \w{3} \d{1,2}, \d{4}/);
    await expect(firstShro.getByText('Unlocked')).toBeVisible();
    // Creating also started a streak and Shro Master's progress.
    const inProgress = page.getByRole('list', { name: 'Achievements in progress' });
    await expect(inProgress.getByText('1/10', { exact: true }).first()).toBeVisible();
    await expect(inProgress.getByText('1/3', { exact: true })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Achievements unlocked' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
    await expectAccessible(page);
    await saveScreenshot(page, 'achievements-unlocked');

    // The unlock is also a notification.
    await page.goto('/notifications');
    await expectText(page, 'Achievement Unlocked!');
  });
});
