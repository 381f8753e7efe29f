import { expect, test } from './fixtures';
import { ShroPage } from './pages/shro-page';
import { createImageShroViaApi, createShroViaApi, registerViaApi, selectViaApi, textOptions } from './support/api';
import { pngFile } from './support/files';
import {
  copiedText,
  expectText,
  expectToast,
  focusedText,
  overlap,
  recordClipboardWrites,
  recordWindowOpen,
} from './support/page';

test.describe('the Shro page', () => {
  test('lets a friend open one box with a checked reveal and react; the creator sees the pick', async ({
    user: alice,
    friend: bob,
    viewportName,
    expectAccessible,
    saveScreenshot,
  }) => {
    // Two people, the reveal, a reaction and the creator's live board: up to 58 s on a busy CI.
    test.slow();
    const shro = await createShroViaApi(alice.context, {
      title: 'Where should we go this weekend?',
      type: 'text',
      recipients: [bob.id],
      textOptions: textOptions('Beach day', 'Mountain hike', 'Museum tour', 'Stay home & bake'),
      winningBoxPosition: 2,
      hashtags: 'weekend,plans',
    });

    const creator = new ShroPage(await alice.context.newPage());
    await creator.goto(shro);
    await expectText(creator.page, `Waiting for @${bob.username} to open a box.`);
    await expectText(creator.page, 'Waiting for selection...');
    await expectAccessible(creator.page);
    await saveScreenshot(creator.page, 'session-creator-waiting');

    const shroPage = new ShroPage(await bob.context.newPage());
    const { page } = shroPage;
    await shroPage.goto(shro);
    await expectText(page, `@${alice.username} hid 4 options in 4 mystery boxes`);
    for (const n of [1, 2, 3, 4]) await expect(shroPage.box(n), `box ${n}`).toBeVisible();
    // Nothing of the boxes reaches the page before a pick.
    await expect(page.getByText('Mountain hike')).toHaveCount(0);
    await expectAccessible(page);
    await saveScreenshot(page, 'session-pick');

    await shroPage.pick(2);
    await expect(shroPage.selected(2)).toBeVisible();
    await expectText(page, 'Mountain hike');
    await expectText(page, 'You found the winning box!');
    // A screen reader hears what was inside and that it won; focus is on the result, not the body.
    await expect.poll(() => focusedText(page)).toBe('Box #2 Selected!');
    await expect(shroPage.announcement('Box #2: Mountain hike.')).toHaveText(
      'Box #2: Mountain hike. You found the winning box!',
    );
    await expect(shroPage.verifiedContent).toBeVisible();
    await expect(shroPage.verifiedWinner).toBeVisible();
    await expectText(page, `Opened by @${bob.username}`);
    await expectText(page, `Created by @${alice.username}`);
    await expectAccessible(page);
    await saveScreenshot(page, 'session-result');

    await shroPage.verifiedContent.click();
    await expectText(page, 'Your browser recomputed it');
    await saveScreenshot(page, 'session-verified-popover');
    await page.keyboard.press('Escape');

    await shroPage.react('Fire').click();
    await expectToast(page, 'Reaction Sent!');
    await expectToast(page, 'Your reaction has been sent to the creator.');
    await expect(page.getByRole('img', { name: 'Fire' })).toBeVisible();
    await expect(shroPage.reactButtons).toHaveCount(0);
    // The reveal moves on to "revealed" after a short delay.
    await expectText(page, 'Box revealed!', 15_000);

    // The creator's page polls (or hears the live push) and shows who opened what.
    await expectText(creator.page, `@${bob.username} found the winning box!`, 15_000);
    await expectText(creator.page, `Opened by @${bob.username}`);
    await expectText(creator.page, 'Someone made a selection!');
    await expect(creator.page.getByRole('list', { name: 'Reactions received' })).toContainText('🔥');
    // A creator cannot react to their own Shro.
    await expect(creator.reactButtons).toHaveCount(0);
    await expectAccessible(creator.page);
    await saveScreenshot(creator.page, 'session-creator-picked');
    // "Box #2" and "Winner" never sit on each other, down to a 320 px phone.
    const winnerTile = creator.page
      .getByRole('region', { name: 'Your boxes' })
      .getByRole('listitem')
      .filter({ hasText: 'Winner' });
    const [boxPill, winnerPill] = [
      winnerTile.getByText('Box #2', { exact: true }),
      winnerTile.getByText('Winner', { exact: true }),
    ];
    expect(await overlap(boxPill, winnerPill)).toBe(false);
    if (viewportName === 'phone') {
      await creator.page.setViewportSize({ width: 320, height: 700 });
      expect(await overlap(boxPill, winnerPill), 'pills overlap at 320 px').toBe(false);
      await saveScreenshot(creator.page, 'session-creator-picked-320');
    }

    // Reloading keeps the result and the sent reaction.
    await page.reload();
    await expect(shroPage.selected(2)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Fire' })).toBeVisible();
  });

  test('shows an opened image full screen and checks the image bytes', async ({
    user: alice,
    friend: bob,
    expectAccessible,
    saveScreenshot,
  }) => {
    const form = new FormData();
    form.append('title', 'Pick my profile photo');
    form.append('type', 'image');
    form.append('isShareable', 'false');
    form.append('isPublic', 'false');
    form.append('recipients', JSON.stringify([bob.id]));
    for (const [i, word] of ['Sunset', 'Forest'].entries()) {
      const file = await pngFile(`${word}.png`, word, i ? ['#059669', '#0ea5e9'] : ['#f97316', '#db2777']);
      form.append('labels', word);
      form.append('images', new Blob([new Uint8Array(file.buffer)], { type: 'image/png' }), file.name);
    }
    const shro = await createImageShroViaApi(alice.context, form);

    const shroPage = new ShroPage(await bob.context.newPage());
    const { page } = shroPage;
    await shroPage.goto(shro);
    await shroPage.pick(1);
    await expect(shroPage.selected(1)).toBeVisible();
    await expect(shroPage.verifiedContent).toBeVisible();
    await page.getByRole('button', { name: 'View Box 1: Sunset full screen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Box 1: Sunset' });
    await expect(dialog.getByRole('img', { name: 'Box 1: Sunset' })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'session-lightbox');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('offers participants only the filled boxes of a Shro with fewer than four options', async ({
    user: alice,
    friend: bob,
    openContext,
    expectAccessible,
    saveScreenshot,
  }) => {
    const shro = await createShroViaApi(alice.context, {
      title: 'Tea or coffee?',
      type: 'text',
      recipients: [bob.id],
      textOptions: textOptions('Tea', 'Coffee'),
      winningBoxPosition: 2,
    });
    // The API still has four committed boxes; the page offers the two that hold something.
    expect(shro.boxes.map((b) => b.isEmpty)).toEqual([false, false, true, true]);

    const shroPage = new ShroPage(await bob.context.newPage());
    const { page } = shroPage;
    await shroPage.goto(shro);
    await expectText(page, `@${alice.username} hid 2 options in 2 mystery boxes. Pick one`);
    await expect(page.getByText(/hid 4 options/)).toHaveCount(0);
    await expect(shroPage.boxes).toHaveCount(2);
    await expect(page.getByRole('button', { name: /Mystery Box #[34]/ })).toHaveCount(0);
    await expect(page.getByText('Empty', { exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await saveScreenshot(page, 'session-pick-two');

    await shroPage.pick(1);
    await expect(shroPage.selected(1)).toBeVisible();
    await expect.poll(() => focusedText(page)).toBe('Box #1 Selected!');
    await expect(shroPage.announcement('Box #1: Tea.')).toHaveText(
      'Box #1: Tea. Not this time! The winning box was Box #2.',
    );
    // The checks still cover the opened box and the winning box.
    await expect(shroPage.verifiedContent).toBeVisible();
    await expect(shroPage.verifiedWinner).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'session-result-lost');

    // A visitor on a three-option link sees three boxes and the right count.
    const link = await createShroViaApi(alice.context, {
      title: 'Weekend trip',
      type: 'text',
      isShareable: true,
      textOptions: textOptions('Lake', 'City', 'Hills'),
    });
    const visitor = new ShroPage(await (await openContext()).newPage());
    await visitor.goto(link);
    await expectText(visitor.page, 'invited you to open one of three mystery boxes in');
    await expectAccessible(visitor.page);
    await saveScreenshot(visitor.page, 'session-join-three');
  });

  test('shows a link Shro to visitors as a Join card, lets them sign in and pick, and shares the link', async ({
    user: alice,
    openContext,
    baseURL,
    expectAccessible,
    saveScreenshot,
  }) => {
    // A visitor's join, sign-in and pick in a second browser: up to 48 s on a busy CI.
    test.slow();
    const shro = await createShroViaApi(alice.context, {
      title: 'Pizza topping of the week',
      type: 'text',
      isShareable: true,
      expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
      textOptions: textOptions('Pineapple', 'Mushrooms', 'Pepperoni', 'Olives'),
    });
    const carolContext = await openContext();
    const carol = await registerViaApi(carolContext);
    await carolContext.close();

    const shroPage = new ShroPage(await (await openContext()).newPage());
    const { page } = shroPage;
    await shroPage.goto(shro);
    await expect(page.getByRole('heading', { name: 'Join the Mystery' })).toBeVisible();
    // The page's own code was asked for with the entry, from the HTML (decision 151), each file once.
    const code = await page.evaluate(() => {
      const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href);
      const fetched = performance.getEntriesByType('resource').map((entry) => entry.name);
      return {
        links,
        notFetched: links.filter((href) => !fetched.includes(href)),
        fetchedTwice: fetched.filter((name, index) => name.includes('/assets/') && fetched.indexOf(name) !== index),
      };
    });
    expect(code.links.some((href) => /\/assets\/session-[\w-]+\.js$/.test(href))).toBe(true);
    expect(code.notFetched).toEqual([]);
    expect(code.fetchedTwice).toEqual([]);
    await expectText(page, `@${alice.username}`);
    await expectText(page, 'Pizza topping of the week');
    const signIn = page.getByRole('link', { name: 'Sign In to Participate' });
    await expect(signIn).toHaveAttribute('href', `/login?redirect=%2Fsession%2F${shro.id}`);
    await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      `/register?redirect=%2Fsession%2F${shro.id}`,
    );
    await expectAccessible(page);
    await saveScreenshot(page, 'session-join');

    await signIn.click();
    await page.getByLabel('Username').fill(carol.username);
    await page.getByLabel('Password', { exact: true }).fill(carol.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/session/${shro.id}`);
    await shroPage.pick(3);
    await expect(shroPage.selected(3)).toBeVisible();
    await expectText(page, 'Pepperoni');
    await expectText(page, '1 person has opened a box so far.');
    await expect(shroPage.share).toBeVisible();

    await recordClipboardWrites(alice.context, baseURL!);
    const creator = new ShroPage(await alice.context.newPage());
    await creator.goto(shro);
    await expectText(creator.page, '1 person has opened a box');
    await expectText(creator.page, '100%');
    const participants = creator.page.getByRole('region', { name: /Participants/ });
    await expect(participants.getByText(`@${carol.username}`)).toBeVisible();
    await expect(participants.getByText('Box #3')).toBeVisible();
    await expectAccessible(creator.page);
    await saveScreenshot(creator.page, 'session-creator-link');

    const opened = await recordWindowOpen(creator.page);
    await creator.share.click();
    const dialog = creator.shareDialog;
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Link preview')).toContainText('Pizza topping of the week');
    await expectAccessible(creator.page);
    await saveScreenshot(creator.page, 'session-share-dialog');
    // The creator's link carries their invite (docs/decisions/127-shro-carries-invite.md).
    await expect(dialog.getByText('People who sign up from your link become your friends.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expectToast(creator.page, 'Link copied!');
    await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await copiedText(creator.page)).toMatch(
      new RegExp(`^${baseURL}/session/${shro.id}\\?invite=[A-Za-z0-9_-]{43}$`),
    );
    await dialog.getByRole('link', { name: 'Facebook' }).click();
    await dialog.getByRole('link', { name: 'X (Twitter)' }).click();
    const urls = await opened();
    expect(urls[0]).toContain('https://www.facebook.com/sharer/sharer.php?u=');
    expect(urls[1]).toContain('https://twitter.com/intent/tweet?');
    expect(urls[1]).toContain(encodeURIComponent(`/session/${shro.id}`));
  });

  test('shows the expired page to people who had not picked, and keeps the creator on the results', async ({
    user: alice,
    newUser,
    openContext,
    expectAccessible,
    saveScreenshot,
  }) => {
    const bob = await newUser('late');
    const shro = await createShroViaApi(alice.context, {
      title: 'Quick vote',
      type: 'text',
      isShareable: true,
      expiresAt: new Date(Date.now() + 1500).toISOString(),
      textOptions: textOptions('Yes', 'No'),
    });
    await new Promise((r) => setTimeout(r, 2000));
    const page = await bob.context.newPage();
    await page.goto(ShroPage.path(shro));
    await expect(page.getByRole('heading', { name: 'This Shro has expired' })).toBeVisible();
    await expectText(page, 'This shareable Shro is no longer accepting participants.');
    await expectAccessible(page);
    await saveScreenshot(page, 'session-expired');
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');

    const visitor = await (await openContext()).newPage();
    await visitor.goto(ShroPage.path(shro));
    await expect(visitor.getByRole('heading', { name: 'This Shro has expired' })).toBeVisible();

    const creator = new ShroPage(await alice.context.newPage());
    await creator.goto(shro);
    await expectText(creator.page, 'This link has expired. No new picks can come in.');
    // One ended state: nothing says live, expires in the future tense, or offers a share.
    await expect(creator.page.getByRole('heading', { name: 'Your Shro has ended: no one opened a box' })).toBeVisible();
    await expectText(creator.page, /Shareable link, link expired /);
    await expect(creator.page.getByText('Your Shro is live!')).toHaveCount(0);
    await expect(creator.page.getByText(/link expires/)).toHaveCount(0);
    await expect(creator.share).toHaveCount(0);
    await expectAccessible(creator.page);
    await saveScreenshot(creator.page, 'session-creator-expired');
  });

  test('shows Session Not Found for unknown ids and for private Shros of others', async ({
    user: alice,
    friend: bob,
    newUser,
    expectAccessible,
    saveScreenshot,
  }) => {
    const eve = await newUser('eve');
    const shro = await createShroViaApi(alice.context, {
      title: 'Just for Bob',
      type: 'text',
      recipients: [bob.id],
      textOptions: textOptions('A', 'B'),
    });
    const page = await eve.context.newPage();
    for (const path of ['/session/does-not-exist', ShroPage.path(shro)]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Session Not Found' })).toBeVisible();
      await expectText(page, "The session you're looking for doesn't exist or has expired.");
    }
    await expect(page).toHaveTitle('Session Not Found - Shro');
    await expectAccessible(page);
    await saveScreenshot(page, 'session-not-found');
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});

test.describe('the Shro page rules', { tag: '@desktop-only' }, () => {
  test('lists three names per box then "+N more" for the creator of a public Shro', async ({
    user: alice,
    newUser,
    saveScreenshot,
  }) => {
    const shro = await createShroViaApi(alice.context, {
      title: 'Crowd favourite',
      type: 'text',
      isPublic: true,
      textOptions: textOptions('Left', 'Right'),
    });
    for (let i = 0; i < 5; i++) {
      const fan = await newUser(`fan${i}`);
      await selectViaApi(fan.context, shro, i < 4 ? 1 : 2);
    }
    const page = await alice.context.newPage();
    await page.goto(ShroPage.path(shro));
    await expectText(page, '5 people have opened a box');
    await expectText(page, '+1 more');
    await expectText(page, '80%');
    await expectText(page, '4 choices');
    await saveScreenshot(page, 'session-creator-crowd');
  });

  test('answers a second pick with "Already Selected"', async ({ user: alice, friend: bob }) => {
    const shro = await createShroViaApi(alice.context, {
      title: 'Only once',
      type: 'text',
      recipients: [bob.id],
      textOptions: textOptions('One', 'Two', 'Three'),
    });
    const stale = new ShroPage(await bob.context.newPage());
    await stale.goto(shro);
    await expect(stale.box(1)).toBeVisible();
    // This tab keeps showing the unopened boxes: its refreshes get the old answer.
    const before = await (await bob.context.request.get(`/api/sessions/${shro.id}`)).text();
    await stale.page.route(`**/api/sessions/${shro.id}`, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 200, contentType: 'application/json', body: before })
        : route.continue(),
    );
    await selectViaApi(bob.context, shro, 1);
    await stale.pick(2);
    await expectToast(stale.page, 'Already Selected');
    await expectToast(stale.page, 'You already selected a box! You can only choose one.');
  });

  test('reports a failed pick and a failed reaction with the spec texts', async ({ user: alice, friend: bob }) => {
    const shro = await createShroViaApi(alice.context, {
      title: 'Network trouble',
      type: 'text',
      recipients: [bob.id],
      textOptions: textOptions('One', 'Two'),
    });
    const shroPage = new ShroPage(await bob.context.newPage());
    const { page } = shroPage;
    await page.route('**/select', (route) => route.fulfill({ status: 500, body: '{"message":"boom"}' }));
    await page.route('**/react', (route) => route.fulfill({ status: 500, body: '{"message":"boom"}' }));
    await shroPage.goto(shro);
    await shroPage.pick(1);
    await expectToast(page, 'Failed to select box. Please try again.');
    await page.unroute('**/select');
    await shroPage.pick(1);
    await expect(shroPage.selected(1)).toBeVisible();
    await shroPage.react('Thumbs up').click();
    await expectToast(page, 'Failed to send reaction. Please try again.');
    await expect(shroPage.react('Thumbs up')).toBeVisible();
  });

  test('mutes and unmutes the feedback sounds, remembered across reloads', async ({ user }) => {
    const page = await user.context.newPage();
    await page.goto('/create');
    const toggle = page.getByRole('button', { name: 'Sound', exact: true });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
