import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { LOCALE_NAMES } from '../contract/locales';
import { PRODUCT_NAME } from '../contract/product';
import { ACHIEVEMENT_TEXTS } from '../server/features/achievements/texts';
import { NOTIFICATION_TEXTS } from '../server/features/notifications/texts';
import { expect, test } from './fixtures';
import { createShroViaApi, textOptions } from './support/api';

/**
 * Issue 36's proof: every page in the pseudo-locale (each message accented and about 35% longer,
 * lingui.config.ts). A text left out of the catalogs shows as plain English, and a layout that
 * cannot grow overflows. The pseudo-locale is not one readers can choose, so the walk names it on
 * the page's `<html lang>` as the server would name a real one; the page then loads its catalog.
 */
async function pseudoContext(browser: Browser, storageState?: BrowserContextOptions['storageState']) {
  // A service worker's answers pass no route: none is registered.
  const context = await browser.newContext({ serviceWorkers: 'block', storageState });
  await context.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/') && !/\.\w+$/.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(/<html lang="[\w-]+"/, '<html lang="pseudo"');
      await route.fulfill({ response, body });
    },
  );
  return context;
}

/**
 * Words of plain English letters on the page: its visible text and the labels a screen reader
 * reads, less the data the test wrote (names) or its browser is (a signed-in device's name), the
 * brand, each language's own name in the picker and `Intl`'s words. Pseudo-localized words carry accents; digits and punctuation are no words.
 */
async function englishWords(page: Page, data: readonly string[]): Promise<string[]> {
  const texts = await page.evaluate(() => {
    // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, not what the page hides.
    const found = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [alt], [title]')) {
      if (!(element as HTMLElement).checkVisibility?.()) continue;
      for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
        const value = element.getAttribute(name);
        if (value) found.push(value);
      }
    }
    return found;
  });
  const allowed = new Set(
    [PRODUCT_NAME, `${PRODUCT_NAME}s`, ...Object.values(LOCALE_NAMES), ...intlFallbackWords(), ...data]
      .flatMap((text) => text.split(/[^A-Za-z]+/))
      .map((word) => word.toLowerCase()),
  );
  const words =
    texts
      .join(' ')
      .replace(/https?:\/\/\S+|\S+@\S+|\b[A-Z]\w+\/\w+/g, ' ')
      .match(/(?<![\p{L}\p{M}])[A-Za-z]{3,}(?![\p{L}\p{M}])/gu) ?? [];
  return [...new Set(words.filter((word) => !allowed.has(word.toLowerCase())))];
}

/**
 * What `Intl` writes for a language it has no data for, which the pseudo-locale is: English
 * months, weekdays and relative times. Each real language gets its own (e2e/languages.spec.ts).
 */
function intlFallbackWords(): string[] {
  const dates = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((month) => new Date(Date.UTC(2026, month, 1 + month)));
  const words = dates.flatMap((date) =>
    (['long', 'short'] as const).flatMap((width) => [
      date.toLocaleString('en', { month: width }),
      date.toLocaleString('en', { weekday: width }),
    ]),
  );
  const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const) {
    for (const value of [-2, -1, 0, 1, 2]) words.push(relative.format(value, unit));
  }
  return words;
}

const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/**
 * A page, with the texts the server words on it in the request's language (decision 167), which
 * for the pseudo-locale, no language the server speaks, are English.
 */
type Stop = string | { path: string; serverWorded: readonly string[] };

/** Achievements, named and described by the server. */
const ACHIEVEMENTS = Object.values(ACHIEVEMENT_TEXTS).flatMap(({ name, description }) => [name, description]);
/** Notifications, worded when stored in the recipient's saved language (a reader of pseudo has none). */
const NOTIFICATIONS = [...Object.values(NOTIFICATION_TEXTS), ...ACHIEVEMENTS];

async function walk(page: Page, stops: readonly Stop[], data: readonly string[]) {
  for (const stop of stops) {
    const { path, serverWorded } = typeof stop === 'string' ? { path: stop, serverWorded: [] } : stop;
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pseudo');
    await expect(page.getByRole('heading').first()).toBeVisible();
    // The page's texts settle (a list's rows, a lazily loaded part) before they are read.
    await page.waitForLoadState('networkidle');
    expect.soft(await englishWords(page, [...data, ...serverWorded]), `English left on ${path}`).toEqual([]);
    expect.soft(await overflowsSideways(page), `${path} scrolls sideways`).toBe(false);
  }
}

test.describe('the pseudo-locale walk', () => {
  test('every page a visitor can open is in the catalogs and fits', async ({ browser, user }) => {
    const shro = await createShroViaApi(user.context, {
      type: 'text',
      title: 'Ŧīţłē',
      isPublic: true,
      textOptions: textOptions('ōńē', 'ţŵō', 'ţĥŕēē', 'ƒōũŕ'),
    });
    const context = await pseudoContext(browser);
    const page = await context.newPage();
    await walk(
      page,
      [
        '/',
        '/login',
        '/register',
        '/reset-password',
        '/explore',
        `/session/${shro.id}`,
        { path: `/@${user.username}`, serverWorded: ACHIEVEMENTS },
        '/terms',
        '/privacy',
        '/support',
        '/no-such-page',
      ],
      [user.username],
    );
    await context.close();
  });

  test('every page a signed-in user can open is in the catalogs and fits', async ({ browser, user, friend }) => {
    const shro = await createShroViaApi(user.context, {
      type: 'text',
      title: 'Ŧīţłē',
      recipients: [friend.id],
      textOptions: textOptions('ōńē', 'ţŵō', 'ţĥŕēē', 'ƒōũŕ'),
    });
    // Explore lists every public Shro, other tests' too: the walk reads it filtered to its own.
    const hashtag = `walk${Date.now().toString(36)}`;
    await createShroViaApi(user.context, {
      type: 'text',
      title: 'Ŧīţłē',
      isPublic: true,
      hashtags: hashtag,
      textOptions: textOptions('ōńē', 'ţŵō'),
    });
    const context = await pseudoContext(browser, await user.context.storageState());
    const page = await context.newPage();
    await walk(
      page,
      [
        '/',
        '/create',
        `/explore?tab=recent&hashtag=${hashtag}`,
        '/history',
        '/friends',
        { path: '/notifications', serverWorded: NOTIFICATIONS },
        { path: '/achievements', serverWorded: ACHIEVEMENTS },
        '/settings',
        '/chat',
        { path: `/@${user.username}`, serverWorded: ACHIEVEMENTS },
        `/session/${shro.id}`,
      ],
      [user.username, friend.username, hashtag, 'Chrome on Linux'],
    );
    await context.close();
  });
});
