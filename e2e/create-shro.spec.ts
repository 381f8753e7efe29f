import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  expectAccessible,
  launchBrowser,
  newContext,
  registerViaApi,
  screenshot,
  type ViewportName,
} from './support/browser';
import { expectText, expectToast, makeFriends, pngFile, signedInUser } from './support/shros';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The text of the element that has focus. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

async function overlap(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('element not on screen');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

describe.each<ViewportName>(['mobile', 'desktop'])('create a Shro on %s', (viewport) => {
  const open = () => newContext(browser, viewport);

  it('picks a template with the category filter, and skips to the manual form', async () => {
    const alice = await signedInUser(open, 'tpl');
    const page = await alice.context.newPage();
    await page.goto('/create');
    await expect.poll(() => page.getByRole('heading', { name: 'Create Shro' }).isVisible()).toBe(true);
    for (const name of ['Custom Images', 'Custom Text', 'Where to Eat', 'Movie Night', 'Binge Watch'])
      expect(await page.getByRole('button', { name: new RegExp(name) }).count(), name).toBe(1);
    await expectAccessible(page);
    await screenshot(page, `create-templates-${viewport}`);

    await page.getByRole('button', { name: 'Entertainment', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: /Custom Images/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Movie Night/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Personal', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: /Binge Watch/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Skip templates and create manually' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Images' }).isVisible()).toBe(true);
    expect(await page.getByText('Create manually').isVisible()).toBe(true);
    // Focus follows the step: the heading of what was chosen, never the page body.
    await expect.poll(() => focusedText(page)).toBe('Create manually');
    // Change goes back to the picker; a template with a title sets it.
    await page.getByRole('button', { name: 'Change' }).click();
    await expect.poll(() => focusedText(page)).toBe('Choose a template');
    await page.getByRole('button', { name: /Movie Night/ }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Movie Night Decision');
    await expect.poll(() => focusedText(page)).toBe('Movie Night');
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByRole('button', { name: 'Entertainment', exact: true }).click();
    await page.getByRole('button', { name: /Binge Watch/ }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Binge Watch Choice');
    await alice.context.close();
  });

  it('creates a Custom Images Shro with real image files and a winning box, sent to a friend', async () => {
    const alice = await signedInUser(open, 'img');
    const bob = await signedInUser(open, 'imgbob');
    await makeFriends(alice.context, alice.id, bob.context, bob.id);
    const page = await alice.context.newPage();
    await page.goto('/create');
    await page.getByRole('button', { name: /Custom Images/ }).click();
    await page.getByLabel('Title').fill('Which jacket for the party?');
    await page.getByLabel('Image for Box 1').setInputFiles(await pngFile('red.png', 'Red', ['#ef4444', '#f97316']));
    await page.getByLabel('Image for Box 2').setInputFiles(await pngFile('blue.png', 'Blue', ['#3b82f6', '#8b5cf6']));
    // A text file renamed .png is refused as soon as it is chosen, naming its box; no broken preview.
    await page.getByLabel('Image for Box 3').setInputFiles({
      name: 'green.png',
      mimeType: 'image/png',
      buffer: Buffer.from('these are my notes, not a picture'),
    });
    await expectToast(page, 'Box 3: Not a real image');
    await expectToast(page, 'This file could not be opened as a picture. Please select an image file.');
    expect(await page.getByRole('img', { name: 'Preview of Box 3' }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, `create-not-an-image-${viewport}`);
    await page.getByLabel('Image for Box 3').setInputFiles(await pngFile('green.png', 'Green', ['#10b981', '#14b8a6']));
    await expect.poll(() => page.getByRole('img', { name: 'Preview of Box 3' }).isVisible()).toBe(true);
    await page.getByLabel('Label for Box 2').fill('Blue denim');

    // The winning box is optional and a second click clears it; empty boxes cannot win.
    expect(await page.getByRole('button', { name: 'Winning box: Box 4' }).isDisabled()).toBe(true);
    const winning2 = page.getByRole('button', { name: 'Winning box: Box 2' });
    await winning2.click();
    expect(await winning2.getAttribute('aria-pressed')).toBe('true');
    await winning2.click();
    expect(await winning2.getAttribute('aria-pressed')).toBe('false');
    await winning2.click();

    await page.getByRole('checkbox', { name: `@${bob.username}` }).check({ force: true });
    // Choosing friends hides the shareable link.
    expect(await page.getByRole('switch', { name: /Create a shareable link/ }).count()).toBe(0);
    await page.getByRole('textbox', { name: /Hashtags/ }).fill('fashion, party');
    await expectAccessible(page);
    await screenshot(page, `create-images-form-${viewport}`);

    // A slow uplink, so the upload progress and the pending button can be seen.
    const cdp = await alice.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 60 * 1024,
    });
    await page.getByRole('button', { name: 'Create Shro' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Creating...' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('progressbar', { name: 'Upload progress' }).isVisible()).toBe(true);
    await screenshot(page, `create-uploading-${viewport}`);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.waitForURL(/\/session\/[\w-]+$/);
    await expectText(page, 'Your Shro is live!');
    await expectText(page, `Waiting for @${bob.username} to open a box.`);
    await expect.poll(() => page.title()).toBe('Which jacket for the party? - Shro');
    expect(await page.getByText('Blue denim').isVisible()).toBe(true);
    // The creator sees every image; they open full screen.
    await expect
      .poll(() => page.getByRole('button', { name: /View Box 2: Blue denim full screen/ }).isVisible())
      .toBe(true);
    await screenshot(page, `session-creator-images-${viewport}`);
    await alice.context.close();
    await bob.context.close();
  });

  it('creates a Custom Text Shro as a shareable link with an expiry', async () => {
    const alice = await signedInUser(open, 'txt');
    const page = await alice.context.newPage();
    await page.goto('/create');
    await page.getByRole('button', { name: /Custom Text/ }).click();
    await page.getByLabel('Title').fill('What should we do on Saturday?');
    expect(await page.getByRole('tab', { name: 'Text' }).getAttribute('aria-selected')).toBe('true');
    await page.getByLabel('Option A').fill('Beach day');
    await page.getByLabel('Option B').fill('Mountain hike');
    await page.getByLabel('Option C').fill('Museum tour');
    await page.getByRole('switch', { name: /Create a shareable link/ }).check({ force: true });
    await page.getByLabel('Link expires after').selectOption({ label: '7 days' });
    await screenshot(page, `create-text-form-${viewport}`);
    await page.getByRole('button', { name: 'Create Shro' }).click();
    await page.waitForURL(/\/session\/[\w-]+$/);
    await expectText(page, 'Share the link. Each person can open one box');
    await expectText(page, /Shareable link, link expires/);
    await expect.poll(() => page.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);
    await alice.context.close();
  });

  it('creates a Where to Eat Shro from the restaurant catalogue and publishes it', async () => {
    const alice = await signedInUser(open, 'eat');
    const page = await alice.context.newPage();
    await page.goto('/create');
    await page.getByRole('button', { name: /Where to Eat/ }).click();
    await page.getByLabel('Title').fill('Dinner tonight?');
    const search = page.getByLabel('Search restaurants');
    await search.fill('pizza');
    const results = page.getByRole('list', { name: 'Restaurant results' }).getByRole('listitem');
    await expect.poll(() => results.count()).toBeGreaterThan(0);
    expect(await results.count()).toBeLessThanOrEqual(20);
    const first = (await results.first().textContent()) ?? '';
    await results.first().getByRole('button').click();
    // A chosen restaurant drops out of the results.
    await expect.poll(async () => (await results.first().textContent()) !== first).toBe(true);
    await results.first().getByRole('button').click();
    await search.fill('');
    await results.first().getByRole('button').click();
    await results.first().getByRole('button').click();
    // Four is the cap: the picker makes way for a note.
    await expectText(page, 'All 4 boxes are filled. Remove one to pick another.');
    expect(await page.getByLabel('Search restaurants').count()).toBe(0);

    await page.getByRole('switch', { name: /Share publicly on Explore/ }).check({ force: true });
    await expectAccessible(page);
    await screenshot(page, `create-restaurants-form-${viewport}`);
    await page.getByRole('button', { name: 'Create Shro' }).click();
    await page.waitForURL(/\/session\/[\w-]+$/);
    // docs/product.md §9: the public-create toast carries the link.
    await expectToast(page, 'Your Shro is public!');
    await expectText(page, 'Public on Explore: anyone can open a box');
    expect(await page.getByRole('button', { name: 'Copy link' }).isVisible()).toBe(true);
    await expectText(page, 'Pizza');
    await screenshot(page, `session-creator-public-${viewport}`);
    await alice.context.close();
  });

  it('creates Movie Night and Binge Watch Shros from the offline catalogue', async () => {
    const alice = await signedInUser(open, 'mov');
    const bob = await signedInUser(open, 'movbob');
    await makeFriends(alice.context, alice.id, bob.context, bob.id);
    const page = await alice.context.newPage();
    await page.goto('/create');
    await page.getByRole('button', { name: /Movie Night/ }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Movie Night Decision');
    const search = page.getByLabel('Search movies');
    await search.fill('th');
    await expectText(page, 'Type at least 3 characters to search');
    await search.fill('the');
    const results = page.getByRole('list', { name: 'movies results' }).getByRole('button');
    await expect.poll(() => results.count()).toBeGreaterThan(1);
    expect(await results.count()).toBeLessThanOrEqual(8);
    await results.nth(0).click();
    await results.nth(1).click();
    await expect
      .poll(() =>
        page
          .getByRole('list', { name: 'Chosen movies' })
          .getByRole('button', { name: /^Remove / })
          .count(),
      )
      .toBe(2);
    // Each chosen poster's title is whole and uncovered: the remove button sits beside it, not on it.
    const chosen = page.getByRole('list', { name: 'Chosen movies' }).getByRole('listitem');
    for (const i of [0, 1]) {
      const remove = chosen.nth(i).getByRole('button', { name: /^Remove / });
      const name = ((await remove.getAttribute('aria-label')) ?? '').replace(/^Remove /, '');
      const title = chosen.nth(i).getByText(name, { exact: true });
      expect(await overlap(remove, title), `remove button covers "${name}"`).toBe(false);
      const whole = await title.evaluate(
        (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
      );
      expect(whole, `"${name}" is cut`).toBe(true);
    }
    await page.getByRole('checkbox', { name: `@${bob.username}` }).check({ force: true });
    await expectAccessible(page);
    await screenshot(page, `create-movie-form-${viewport}`);
    await page.getByRole('button', { name: 'Create Shro' }).click();
    await page.waitForURL(/\/session\/[\w-]+$/);
    await expectText(page, 'Your Shro is live!');
    await expect.poll(() => page.title()).toBe('Movie Night Decision - Shro');

    await page.goto('/create');
    await page.getByRole('button', { name: /Binge Watch/ }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Binge Watch Choice');
    await page.getByLabel('Search TV shows').fill('the');
    const shows = page.getByRole('list', { name: 'TV shows results' }).getByRole('button');
    await expect.poll(() => shows.count()).toBeGreaterThan(0);
    await shows.first().click();
    await page.getByRole('switch', { name: /Share publicly on Explore/ }).check({ force: true });
    await page.getByRole('button', { name: 'Create Shro' }).click();
    await page.waitForURL(/\/session\/[\w-]+$/);
    await expect.poll(() => page.title()).toBe('Binge Watch Choice - Shro');
    await screenshot(page, `session-creator-tv-${viewport}`);
    await alice.context.close();
    await bob.context.close();
  });
});

describe.each<ViewportName>(['mobile', 'desktop'])('the create draft on %s', (viewport) => {
  it('keeps a half-filled form per user and offers it back after Cancel', async () => {
    const alice = await signedInUser(() => newContext(browser, viewport), 'draft');
    const page = await alice.context.newPage();
    await page.goto('/create');
    await page.getByRole('button', { name: /Custom Text/ }).click();
    await page.getByLabel('Title').fill('Half-done plan');
    await page.getByLabel('Option A').fill('Bowling');
    await page.getByLabel('Option B').fill('Karaoke');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Another account in the same browser never sees it.
    await registerViaApi(alice.context);
    await page.goto('/create');
    await expect.poll(() => page.getByRole('heading', { name: 'Choose a template' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: /unfinished/ }).count()).toBe(0);

    const login = await alice.context.request.post('/api/login', {
      data: { username: alice.username, password: 'secret123' },
      headers: { origin: baseURL() },
    });
    expect(login.ok(), await login.text()).toBe(true);
    await page.goto('/create');
    const offer = page.getByRole('region', { name: 'Continue your unfinished Shro?' });
    await expect.poll(() => offer.isVisible()).toBe(true);
    expect(await offer.textContent()).toContain('“Half-done plan”, saved just now.');
    await expectAccessible(page);
    await screenshot(page, `create-draft-offer-${viewport}`);

    await offer.getByRole('button', { name: 'Restore draft' }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Half-done plan');
    expect(await page.getByLabel('Option A').inputValue()).toBe('Bowling');
    expect(await page.getByLabel('Option B').inputValue()).toBe('Karaoke');
    await expect.poll(() => focusedText(page)).toBe('Custom Text');
    expect(await offer.count()).toBe(0);

    // Discarding it for good.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/create');
    await offer.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => offer.count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Choose a template' }).isVisible()).toBe(true);
    expect(await offer.count()).toBe(0);
    await alice.context.close();
  });
});

describe('create form rules', () => {
  it('shows the spec messages for missing title, content, recipients and bad files', async () => {
    const alice = await signedInUser(() => newContext(browser, 'mobile'), 'rules');
    const page = await alice.context.newPage();
    await page.goto('/create');
    await page.getByRole('button', { name: /Custom Images/ }).click();
    const create = page.getByRole('button', { name: 'Create Shro' });

    await create.click();
    await expectToast(page, 'Please enter a title for your Shro.');
    await page.getByLabel('Title').fill('Rules');
    await create.click();
    await expectToast(page, 'Please add at least 2 images/text options to create a Shro.');

    await page.getByLabel('Image for Box 1').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expectToast(page, 'Please select an image file.');
    await page.getByLabel('Image for Box 1').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(6 * 1024 * 1024, 1),
    });
    await expectToast(page, 'File size too large. Please select a file under 5MB.');
    expect(await page.getByRole('img', { name: 'Preview of Box 1' }).count()).toBe(0);

    await page.getByLabel('Image for Box 1').setInputFiles(await pngFile('a.png', 'A', ['#a855f7', '#ec4899']));
    await page.getByLabel('Image for Box 2').setInputFiles(await pngFile('b.png', 'B', ['#f59e0b', '#ef4444']));
    await create.click();
    await expectToast(page, 'Missing Recipients');
    await expectToast(page, 'Please select at least one friend to send to, enable shareable link, or share publicly.');
    await screenshot(page, 'create-missing-recipients-mobile');

    // Public clears the link; turning the link back on clears public.
    const link = page.getByRole('switch', { name: /Create a shareable link/ });
    const publicSwitch = page.getByRole('switch', { name: /Share publicly on Explore/ });
    await link.check({ force: true });
    await publicSwitch.check({ force: true });
    expect(await link.isChecked()).toBe(false);
    await link.check({ force: true });
    expect(await publicSwitch.isChecked()).toBe(false);

    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByLabel('Option A').fill('Only one');
    await create.click();
    await expectToast(page, 'Please add at least 2 images/text options to create a Shro.');

    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByRole('button', { name: /Where to Eat/ }).click();
    await create.click();
    await expectToast(page, 'Please add at least 4 restaurants.');
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByRole('button', { name: /Movie Night/ }).click();
    await create.click();
    await expectToast(page, 'Please select at least one movie/TV show to create boxes.');

    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await alice.context.close();
  });

  it('prefills a friend from friendId or friendUsername, and public clears the friends', async () => {
    const open = () => newContext(browser, 'desktop');
    const alice = await signedInUser(open, 'pre');
    const bob = await signedInUser(open, 'prebob');
    await makeFriends(alice.context, alice.id, bob.context, bob.id);
    const page = await alice.context.newPage();
    for (const query of [`friendId=${bob.id}`, `friendUsername=${bob.username.toUpperCase()}`]) {
      await page.goto(`/create?${query}`);
      await expectText(page, `Sending privately to @${bob.username}`);
      await page.getByRole('button', { name: /Custom Text/ }).click();
      const friend = page.getByRole('checkbox', { name: `@${bob.username}` });
      await expect.poll(() => friend.isChecked()).toBe(true);
    }
    await page.getByRole('switch', { name: /Share publicly on Explore/ }).check({ force: true });
    expect(await page.getByRole('checkbox', { name: `@${bob.username}` }).isChecked()).toBe(false);
    await page.getByLabel('Title').fill('Sent straight to Bob');
    await page.getByLabel('Option A').fill('Tea');
    await page.getByLabel('Option B').fill('Coffee');
    await page.getByRole('checkbox', { name: `@${bob.username}` }).check({ force: true });
    expect(await page.getByRole('switch', { name: /Share publicly on Explore/ }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Create Shro' }).click();
    await page.waitForURL(/\/session\/[\w-]+$/);
    await expectText(page, `Waiting for @${bob.username} to open a box.`);
    await alice.context.close();
    await bob.context.close();
  });

  it('sends people to sign in again when the create call answers 401', async () => {
    const alice = await signedInUser(() => newContext(browser, 'mobile'), 'unauth');
    const page = await alice.context.newPage();
    await page.goto('/create');
    await page.getByRole('button', { name: /Custom Text/ }).click();
    await page.getByLabel('Title').fill('Logged out meanwhile');
    await page.getByLabel('Option A').fill('One');
    await page.getByLabel('Option B').fill('Two');
    await page.getByRole('switch', { name: /Create a shareable link/ }).check({ force: true });
    await alice.context.clearCookies();
    await page.getByRole('button', { name: 'Create Shro' }).click();
    await expectToast(page, 'You are logged out. Logging in again...');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/create');
    await alice.context.close();
  });
});
