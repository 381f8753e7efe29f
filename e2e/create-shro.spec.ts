import { expect, test } from './fixtures';
import { CreatePage } from './pages/create-page';
import { baseURL, registerViaApi } from './support/api';
import { pngFile } from './support/files';
import { expectText, expectToast, focusedText, overlap } from './support/page';

test.describe('create a Shro', () => {
  test('picks a template with the category filter, and skips to the manual form', async ({
    user,
    expectAccessible,
    saveScreenshot,
  }) => {
    const create = new CreatePage(await user.context.newPage());
    const { page } = create;
    await create.goto();
    await expect(create.heading).toBeVisible();
    for (const name of ['Custom Images', 'Custom Text', 'Where to Eat', 'Movie Night', 'Binge Watch'])
      await expect(create.template(name), name).toHaveCount(1);
    await expectAccessible(page);
    await saveScreenshot(page, 'create-templates');

    await create.category('Entertainment').click();
    await expect(create.template('Custom Images')).toHaveCount(0);
    await expect(create.template('Movie Night')).toHaveCount(1);
    await create.category('Personal').click();
    await expect(create.template('Binge Watch')).toHaveCount(0);

    await page.getByRole('button', { name: 'Skip templates and create manually' }).click();
    await expect(page.getByRole('tab', { name: 'Images' })).toBeVisible();
    await expect(page.getByText('Create manually')).toBeVisible();
    // Focus follows the step: the heading of what was chosen, never the page body.
    await expect.poll(() => focusedText(page)).toBe('Create manually');
    // Change goes back to the picker; a template with a title sets it.
    await create.change.click();
    await expect.poll(() => focusedText(page)).toBe('Choose a template');
    await create.chooseTemplate('Movie Night');
    await create.expectTitle('Movie Night Decision');
    await expect.poll(() => focusedText(page)).toBe('Movie Night');
    await create.change.click();
    await create.category('Entertainment').click();
    await create.chooseTemplate('Binge Watch');
    await create.expectTitle('Binge Watch Choice');
  });

  test('creates a Custom Images Shro with real image files and a winning box, sent to a friend', async ({
    user,
    friend,
    expectAccessible,
    saveScreenshot,
  }) => {
    const create = new CreatePage(await user.context.newPage());
    const { page } = create;
    await create.goto();
    await create.chooseTemplate('Custom Images');
    await create.title.fill('Which jacket for the party?');
    await create.imageInput(1).setInputFiles(await pngFile('red.png', 'Red', ['#ef4444', '#f97316']));
    await create.imageInput(2).setInputFiles(await pngFile('blue.png', 'Blue', ['#3b82f6', '#8b5cf6']));
    // A text file renamed .png is refused as soon as it is chosen, naming its box; no broken preview.
    await create.imageInput(3).setInputFiles({
      name: 'green.png',
      mimeType: 'image/png',
      buffer: Buffer.from('these are my notes, not a picture'),
    });
    await expectToast(page, 'Box 3: Not a real image');
    await expectToast(page, 'This file could not be opened as a picture. Please select an image file.');
    await expect(create.preview(3)).toHaveCount(0);
    await expectAccessible(page);
    await saveScreenshot(page, 'create-not-an-image');
    await create.imageInput(3).setInputFiles(await pngFile('green.png', 'Green', ['#10b981', '#14b8a6']));
    await expect(create.preview(3)).toBeVisible();
    await create.label(2).fill('Blue denim');

    // The winning box is optional and a second click clears it; empty boxes cannot win.
    await expect(create.winningBox(4)).toBeDisabled();
    const winning2 = create.winningBox(2);
    await winning2.click();
    await expect(winning2).toHaveAttribute('aria-pressed', 'true');
    await winning2.click();
    await expect(winning2).toHaveAttribute('aria-pressed', 'false');
    await winning2.click();

    await create.turnOn(create.friend(friend.username));
    // Choosing friends hides the shareable link.
    await expect(create.shareableLink).toHaveCount(0);
    await page.getByRole('textbox', { name: /Hashtags/ }).fill('fashion, party');
    await expectAccessible(page);
    await saveScreenshot(page, 'create-images-form');

    // A slow uplink, so the upload progress and the pending button can be seen.
    const cdp = await user.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 60 * 1024,
    });
    await create.submit.click();
    await expect(page.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await saveScreenshot(page, 'create-uploading');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.waitForURL(/\/session\/[\w-]+$/);
    await expectText(page, 'Your Shro is live!');
    await expectText(page, `Waiting for @${friend.username} to open a box.`);
    await expect(page).toHaveTitle('Which jacket for the party? - Shro');
    await expect(page.getByText('Blue denim')).toBeVisible();
    // The creator sees every image; they open full screen.
    await expect(page.getByRole('button', { name: /View Box 2: Blue denim full screen/ })).toBeVisible();
    await saveScreenshot(page, 'session-creator-images');
  });

  test('creates a Custom Text Shro as a shareable link with an expiry', async ({ user, saveScreenshot }) => {
    const create = new CreatePage(await user.context.newPage());
    const { page } = create;
    await create.goto();
    await create.chooseTemplate('Custom Text');
    await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
    await create.fillText('What should we do on Saturday?', 'Beach day', 'Mountain hike', 'Museum tour');
    await create.turnOn(create.shareableLink);
    await page.getByLabel('Link expires after').selectOption({ label: '7 days' });
    await saveScreenshot(page, 'create-text-form');
    await create.createAndOpen();
    await expectText(page, 'Share the link. Each person can open one box');
    await expectText(page, /Shareable link, link expires/);
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  });

  test('gives a Shro sent to a friend a deadline that both of them see count down (issue 40)', async ({
    user,
    friend,
    expectAccessible,
    saveScreenshot,
  }) => {
    const create = new CreatePage(await user.context.newPage());
    const { page } = create;
    await create.goto();
    await create.chooseTemplate('Custom Text');
    await create.fillText('Where to on Sunday?', 'Lake', 'Park');
    await expect(page.getByLabel('Closes after')).toHaveCount(0);
    await create.turnOn(create.friend(friend.username));
    await expect(page.getByLabel('Closes after')).toHaveValue('never');
    await page.getByLabel('Closes after').selectOption({ label: '24 hours' });
    await expectAccessible(page);
    await saveScreenshot(page, 'create-deadline');
    await create.createAndOpen();
    await expectText(page, /This Shro closes in (23|24) h/);
    const theirs = await friend.context.newPage();
    await theirs.goto(page.url());
    await expectText(theirs, /This Shro closes in (23|24) h/);
    await expectAccessible(theirs);
    await saveScreenshot(theirs, 'session-deadline-recipient');
  });

  test('creates a Where to Eat Shro from the restaurant catalogue and publishes it', async ({
    user,
    expectAccessible,
    saveScreenshot,
  }) => {
    const create = new CreatePage(await user.context.newPage());
    const { page } = create;
    await create.goto();
    await create.chooseTemplate('Where to Eat');
    await create.title.fill('Dinner tonight?');
    const search = page.getByLabel('Search restaurants');
    await search.fill('pizza');
    const results = page.getByRole('list', { name: 'Restaurant results' }).getByRole('listitem');
    await expect(results.first()).toBeVisible();
    expect(await results.count()).toBeLessThanOrEqual(20);
    const first = (await results.first().textContent()) ?? '';
    await results.first().getByRole('button').click();
    // A chosen restaurant drops out of the results.
    await expect.poll(() => results.first().textContent()).not.toBe(first);
    await results.first().getByRole('button').click();
    await search.fill('');
    await results.first().getByRole('button').click();
    await results.first().getByRole('button').click();
    // Four is the cap: the picker makes way for a note.
    await expectText(page, 'All 4 boxes are filled. Remove one to pick another.');
    await expect(page.getByLabel('Search restaurants')).toHaveCount(0);

    await create.turnOn(create.sharePublicly);
    await expectAccessible(page);
    await saveScreenshot(page, 'create-restaurants-form');
    await create.createAndOpen();
    // docs/product.md §9: the public-create toast carries the link.
    await expectToast(page, 'Your Shro is public!');
    await expectText(page, 'Public on Explore: anyone can open a box');
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expectText(page, 'Pizza');
    await saveScreenshot(page, 'session-creator-public');
  });

  test('creates Movie Night and Binge Watch Shros from the offline catalogue', async ({
    user,
    friend,
    expectAccessible,
    saveScreenshot,
  }) => {
    const create = new CreatePage(await user.context.newPage());
    const { page } = create;
    await create.goto();
    await create.chooseTemplate('Movie Night');
    await create.expectTitle('Movie Night Decision');
    const search = page.getByLabel('Search movies');
    await search.fill('th');
    await expectText(page, 'Type at least 3 characters to search');
    await search.fill('the');
    const results = page.getByRole('list', { name: 'movies results' }).getByRole('button');
    await expect(results.nth(1)).toBeVisible();
    expect(await results.count()).toBeLessThanOrEqual(8);
    await results.nth(0).click();
    await results.nth(1).click();
    const chosen = page.getByRole('list', { name: 'Chosen movies' }).getByRole('listitem');
    await expect(chosen.getByRole('button', { name: /^Remove / })).toHaveCount(2);
    // Each chosen poster's title is whole and uncovered: the remove button sits beside it, not on it.
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
    await create.turnOn(create.friend(friend.username));
    await expectAccessible(page);
    await saveScreenshot(page, 'create-movie-form');
    await create.createAndOpen();
    await expectText(page, 'Your Shro is live!');
    await expect(page).toHaveTitle('Movie Night Decision - Shro');

    await create.goto();
    await create.chooseTemplate('Binge Watch');
    await create.expectTitle('Binge Watch Choice');
    await page.getByLabel('Search TV shows').fill('the');
    const shows = page.getByRole('list', { name: 'TV shows results' }).getByRole('button');
    await expect(shows.first()).toBeVisible();
    await shows.first().click();
    await create.turnOn(create.sharePublicly);
    await create.createAndOpen();
    await expect(page).toHaveTitle('Binge Watch Choice - Shro');
    await saveScreenshot(page, 'session-creator-tv');
  });

  test('keeps a half-filled draft per user and offers it back after Cancel', async ({
    user,
    expectAccessible,
    saveScreenshot,
  }) => {
    const create = new CreatePage(await user.context.newPage());
    const { page } = create;
    await create.goto();
    await create.chooseTemplate('Custom Text');
    await create.fillText('Half-done plan', 'Bowling', 'Karaoke');
    await create.cancel.click();
    await page.waitForURL((url) => url.pathname === '/');

    // Another account in the same browser never sees it.
    await registerViaApi(user.context);
    await create.goto();
    await expect(page.getByRole('heading', { name: 'Choose a template' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /unfinished/ })).toHaveCount(0);

    const login = await user.context.request.post('/api/login', {
      data: { username: user.username, password: user.password },
      headers: { origin: baseURL() },
    });
    expect(login.ok(), await login.text()).toBe(true);
    await create.goto();
    const offer = page.getByRole('region', { name: 'Continue your unfinished Shro?' });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText('“Half-done plan”, saved just now.');
    await expectAccessible(page);
    await saveScreenshot(page, 'create-draft-offer');

    await offer.getByRole('button', { name: 'Restore draft' }).click();
    await create.expectTitle('Half-done plan');
    await expect(create.option('A')).toHaveValue('Bowling');
    await expect(create.option('B')).toHaveValue('Karaoke');
    await expect.poll(() => focusedText(page)).toBe('Custom Text');
    await expect(offer).toHaveCount(0);

    // Discarding it for good.
    await create.cancel.click();
    await page.waitForURL((url) => url.pathname === '/');
    await create.goto();
    await offer.getByRole('button', { name: 'Discard draft' }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Choose a template' })).toBeVisible();
    await expect(offer).toHaveCount(0);
  });
});

test.describe('create form rules', () => {
  test('shows the spec messages for missing title, content, recipients and bad files', { tag: '@phone-only' }, async ({
    user,
    saveScreenshot,
  }) => {
    const create = new CreatePage(await user.context.newPage());
    const { page } = create;
    await create.goto();
    await create.chooseTemplate('Custom Images');

    await create.submit.click();
    await expectToast(page, 'Please enter a title for your Shro.');
    await create.title.fill('Rules');
    await create.submit.click();
    await expectToast(page, 'Please add at least 2 images/text options to create a Shro.');

    await create.imageInput(1).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expectToast(page, 'Please select an image file.');
    // Handing Chromium a file over the image limit through the DevTools protocol alone can
    // outlast the default action timeout on a busy two-core machine.
    await create
      .imageInput(1)
      .setInputFiles(
        { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024, 1) },
        { timeout: 30_000 },
      );
    await expectToast(page, 'File size too large. Please select a file under 5MB.');
    await expect(create.preview(1)).toHaveCount(0);

    await create.imageInput(1).setInputFiles(await pngFile('a.png', 'A', ['#a855f7', '#ec4899']));
    await create.imageInput(2).setInputFiles(await pngFile('b.png', 'B', ['#f59e0b', '#ef4444']));
    // As a person would: Create once both images show (each preview moves the page on a phone).
    await expect(create.preview(1)).toBeVisible();
    await expect(create.preview(2)).toBeVisible();
    await create.submit.click();
    await expectToast(page, 'Missing Recipients');
    await expectToast(page, 'Please select at least one friend to send to, enable shareable link, or share publicly.');
    await saveScreenshot(page, 'create-missing-recipients');

    // Public clears the link; turning the link back on clears public.
    await create.turnOn(create.shareableLink);
    await create.turnOn(create.sharePublicly);
    await expect(create.shareableLink).not.toBeChecked();
    await create.turnOn(create.shareableLink);
    await expect(create.sharePublicly).not.toBeChecked();

    await page.getByRole('tab', { name: 'Text' }).click();
    await create.option('A').fill('Only one');
    await create.submit.click();
    await expectToast(page, 'Please add at least 2 images/text options to create a Shro.');

    await create.change.click();
    await create.chooseTemplate('Where to Eat');
    await create.submit.click();
    await expectToast(page, 'Please add at least 4 restaurants.');
    await create.change.click();
    await create.chooseTemplate('Movie Night');
    await create.submit.click();
    await expectToast(page, 'Please select at least one movie/TV show to create boxes.');

    await create.cancel.click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('prefills a friend from friendId or friendUsername, and public clears the friends', {
    tag: '@desktop-only',
  }, async ({ user, friend }) => {
    const create = new CreatePage(await user.context.newPage());
    const { page } = create;
    for (const query of [`friendId=${friend.id}`, `friendUsername=${friend.username.toUpperCase()}`]) {
      await create.goto(`?${query}`);
      await expectText(page, `Sending privately to @${friend.username}`);
      await create.chooseTemplate('Custom Text');
      await expect(create.friend(friend.username)).toBeChecked();
    }
    await create.turnOn(create.sharePublicly);
    await expect(create.friend(friend.username)).not.toBeChecked();
    await create.fillText('Sent straight to Bob', 'Tea', 'Coffee');
    await create.turnOn(create.friend(friend.username));
    await expect(create.sharePublicly).not.toBeChecked();
    await create.createAndOpen();
    await expectText(page, `Waiting for @${friend.username} to open a box.`);
  });

  test('sends people to sign in again when the create call answers 401', { tag: '@phone-only' }, async ({ user }) => {
    const create = new CreatePage(await user.context.newPage());
    const { page } = create;
    await create.goto();
    await create.chooseTemplate('Custom Text');
    await create.fillText('Logged out meanwhile', 'One', 'Two');
    await create.turnOn(create.shareableLink);
    // The toast has 500 ms on screen before the page leaves (product spec): the page reports each
    // toast it shows, so a busy machine's slow polling cannot miss it.
    const shown: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('toast shown: ')) shown.push(message.text().slice('toast shown: '.length));
    });
    await page.evaluate(`new MutationObserver(() => {
      for (const item of document.querySelectorAll('[role="region"][aria-label^="Notifications"] li')) {
        if (!item.dataset.reported) { item.dataset.reported = '1'; console.log('toast shown: ' + item.textContent); }
      }
    }).observe(document.body, { childList: true, subtree: true })`);
    await user.context.clearCookies();
    await create.submit.click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/create');
    expect(shown.some((text) => text.includes('You are logged out. Logging in again...'))).toBe(true);
  });
});
