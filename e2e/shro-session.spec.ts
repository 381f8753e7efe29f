import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shro } from '../contract/shros';
import {
  baseURL,
  copiedText,
  expectAccessible,
  launchBrowser,
  newContext,
  recordClipboardWrites,
  registerViaApi,
  screenshot,
  uniqueName,
  type ViewportName,
} from './support/browser';
import {
  createShroViaApi,
  expectText,
  expectToast,
  makeFriends,
  pngFile,
  signedInUser,
  textOptions,
} from './support/shros';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const sessionUrl = (shro: Shro) => `/session/${shro.id}`;

async function selectViaApi(context: BrowserContext, shro: Shro, position: number) {
  const box = shro.boxes.find((b) => b.position === position)!;
  const response = await context.request.post(`/api/sessions/${shro.id}/select`, {
    data: { boxId: box.id },
    headers: { origin: baseURL() },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Window.open is recorded instead of opening share windows. */
async function recordWindowOpen(page: Page) {
  await page.evaluate(() => {
    const calls: string[] = [];
    (window as unknown as { openedUrls: string[] }).openedUrls = calls;
    window.open = (url?: string | URL) => {
      calls.push(String(url));
      return null;
    };
  });
  return () => page.evaluate(() => (window as unknown as { openedUrls: string[] }).openedUrls);
}

/** The on-screen boxes of two elements overlap. */
async function overlap(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('element not on screen');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** The text of the element that has focus. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

describe.each<ViewportName>(['mobile', 'desktop'])('the Shro page on %s', (viewport) => {
  const open = () => newContext(browser, viewport);

  it('lets a friend open one box with a checked reveal and react; the creator sees the pick', async () => {
    const alice = await signedInUser(open, 'host');
    const bob = await signedInUser(open, 'guest');
    await makeFriends(alice.context, alice.id, bob.context, bob.id);
    const shro = await createShroViaApi(alice.context, {
      title: 'Where should we go this weekend?',
      type: 'text',
      recipients: [bob.id],
      textOptions: textOptions('Beach day', 'Mountain hike', 'Museum tour', 'Stay home & bake'),
      winningBoxPosition: 2,
      hashtags: 'weekend,plans',
    });

    const creatorPage = await alice.context.newPage();
    await creatorPage.goto(sessionUrl(shro));
    await expectText(creatorPage, `Waiting for @${bob.username} to open a box.`);
    await expectText(creatorPage, 'Waiting for selection...');
    await expectAccessible(creatorPage);
    await screenshot(creatorPage, `session-creator-waiting-${viewport}`);

    const page = await bob.context.newPage();
    await page.goto(sessionUrl(shro));
    await expectText(page, `@${alice.username} hid 4 options in 4 mystery boxes`);
    for (const n of [1, 2, 3, 4])
      expect(await page.getByRole('button', { name: `Mystery Box #${n}` }).isVisible(), `box ${n}`).toBe(true);
    // Nothing of the boxes reaches the page before a pick.
    expect(await page.getByText('Mountain hike').count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, `session-pick-${viewport}`);

    await page.getByRole('button', { name: 'Mystery Box #2' }).click();
    await expectText(page, 'Box #2 Selected!');
    await expectText(page, 'Mountain hike');
    await expectText(page, 'You found the winning box!');
    // A screen reader hears what was inside and that it won; focus is on the result, not the body.
    await expect.poll(() => focusedText(page)).toBe('Box #2 Selected!');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Box #2: Mountain hike.' }).textContent())
      .toBe('Box #2: Mountain hike. You found the winning box!');
    await expect.poll(() => page.getByRole('button', { name: /^Verified: box content check/ }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: /^Verified: winning box check/ }).isVisible()).toBe(true);
    await expectText(page, `Opened by @${bob.username}`);
    await expectText(page, `Created by @${alice.username}`);
    await expectAccessible(page);
    await screenshot(page, `session-result-${viewport}`);

    await page.getByRole('button', { name: /^Verified: box content check/ }).click();
    await expectText(page, 'Your browser recomputed it');
    await screenshot(page, `session-verified-popover-${viewport}`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'React Fire' }).click();
    await expectToast(page, 'Reaction Sent!');
    await expectToast(page, 'Your reaction has been sent to the creator.');
    await expect.poll(() => page.getByRole('img', { name: 'Fire' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^React / }).count()).toBe(0);
    // The reveal moves on to "revealed" after a short delay.
    await expectText(page, 'Box revealed!', 15_000);

    // The creator's page polls (or hears the live push) and shows who opened what.
    await expectText(creatorPage, `@${bob.username} found the winning box!`, 15_000);
    await expectText(creatorPage, `Opened by @${bob.username}`);
    await expectText(creatorPage, 'Someone made a selection!');
    await expect
      .poll(() => creatorPage.getByRole('list', { name: 'Reactions received' }).textContent())
      .toContain('🔥');
    // A creator cannot react to their own Shro.
    expect(await creatorPage.getByRole('button', { name: /^React / }).count()).toBe(0);
    await expectAccessible(creatorPage);
    await screenshot(creatorPage, `session-creator-picked-${viewport}`);
    // "Box #2" and "Winner" never sit on each other, down to a 320 px phone.
    const winnerTile = creatorPage
      .getByRole('region', { name: 'Your boxes' })
      .getByRole('listitem')
      .filter({ hasText: 'Winner' });
    const pills = [winnerTile.getByText('Box #2', { exact: true }), winnerTile.getByText('Winner', { exact: true })];
    expect(await overlap(pills[0]!, pills[1]!)).toBe(false);
    if (viewport === 'mobile') {
      await creatorPage.setViewportSize({ width: 320, height: 700 });
      expect(await overlap(pills[0]!, pills[1]!), 'pills overlap at 320 px').toBe(false);
      await screenshot(creatorPage, 'session-creator-picked-320-mobile');
    }

    // Reloading keeps the result and the sent reaction.
    await page.reload();
    await expectText(page, 'Box #2 Selected!');
    await expect.poll(() => page.getByRole('img', { name: 'Fire' }).isVisible()).toBe(true);
    await alice.context.close();
    await bob.context.close();
  });

  it('shows an opened image full screen and checks the image bytes', async () => {
    const alice = await signedInUser(open, 'pics');
    const bob = await signedInUser(open, 'picsbob');
    await makeFriends(alice.context, alice.id, bob.context, bob.id);
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
    const response = await alice.context.request.post('/api/sessions', {
      multipart: form,
      headers: { origin: baseURL() },
    });
    expect(response.status(), await response.text()).toBe(201);
    const shro = (await response.json()) as Shro;

    const page = await bob.context.newPage();
    await page.goto(sessionUrl(shro));
    await page.getByRole('button', { name: 'Mystery Box #1' }).click();
    await expectText(page, 'Box #1 Selected!');
    await expect.poll(() => page.getByRole('button', { name: /^Verified: box content check/ }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'View Box 1: Sunset full screen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Box 1: Sunset' });
    await expect.poll(() => dialog.getByRole('img', { name: 'Box 1: Sunset' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, `session-lightbox-${viewport}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await alice.context.close();
    await bob.context.close();
  });

  it('offers participants only the filled boxes of a Shro with fewer than four options', async () => {
    const alice = await signedInUser(open, 'two');
    const bob = await signedInUser(open, 'twobob');
    await makeFriends(alice.context, alice.id, bob.context, bob.id);
    const shro = await createShroViaApi(alice.context, {
      title: 'Tea or coffee?',
      type: 'text',
      recipients: [bob.id],
      textOptions: textOptions('Tea', 'Coffee'),
      winningBoxPosition: 2,
    });
    // The API still has four committed boxes; the page offers the two that hold something.
    expect(shro.boxes.map((b) => b.isEmpty)).toEqual([false, false, true, true]);

    const page = await bob.context.newPage();
    await page.goto(sessionUrl(shro));
    await expectText(page, `@${alice.username} hid 2 options in 2 mystery boxes. Pick one`);
    expect(await page.getByText(/hid 4 options/).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: /^Mystery Box #/ }).count()).toBe(2);
    expect(await page.getByRole('button', { name: /Mystery Box #[34]/ }).count()).toBe(0);
    expect(await page.getByText('Empty', { exact: true }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, `session-pick-two-${viewport}`);

    await page.getByRole('button', { name: 'Mystery Box #1' }).click();
    await expectText(page, 'Box #1 Selected!');
    await expect.poll(() => focusedText(page)).toBe('Box #1 Selected!');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Box #1: Tea.' }).textContent())
      .toBe('Box #1: Tea. Not this time! The winning box was Box #2.');
    // The checks still cover the opened box and the winning box.
    await expect.poll(() => page.getByRole('button', { name: /^Verified: box content check/ }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: /^Verified: winning box check/ }).isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, `session-result-lost-${viewport}`);

    // A visitor on a three-option link sees three boxes and the right count.
    const link = await createShroViaApi(alice.context, {
      title: 'Weekend trip',
      type: 'text',
      isShareable: true,
      textOptions: textOptions('Lake', 'City', 'Hills'),
    });
    const visitor = await (await open()).newPage();
    await visitor.goto(sessionUrl(link));
    await expectText(visitor, 'invited you to open one of three mystery boxes in');
    await expectAccessible(visitor);
    await screenshot(visitor, `session-join-three-${viewport}`);
    await alice.context.close();
    await bob.context.close();
    await visitor.context().close();
  });

  it('shows a link Shro to visitors as a Join card, lets them sign in and pick, and shares the link', async () => {
    const alice = await signedInUser(open, 'link');
    const shro = await createShroViaApi(alice.context, {
      title: 'Pizza topping of the week',
      type: 'text',
      isShareable: true,
      expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
      textOptions: textOptions('Pineapple', 'Mushrooms', 'Pepperoni', 'Olives'),
    });
    const carolContext = await open();
    const carol = await registerViaApi(carolContext, uniqueName('carol'));
    await carolContext.close();

    const visitorContext = await open();
    const page = await visitorContext.newPage();
    await page.goto(sessionUrl(shro));
    await expect.poll(() => page.getByRole('heading', { name: 'Join the Mystery' }).isVisible()).toBe(true);
    await expectText(page, `@${alice.username}`);
    await expectText(page, 'Pizza topping of the week');
    const signIn = page.getByRole('link', { name: 'Sign In to Participate' });
    expect(await signIn.getAttribute('href')).toBe(`/login?redirect=/session/${shro.id}`);
    expect(await page.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe(
      `/register?redirect=/session/${shro.id}`,
    );
    await expectAccessible(page);
    await screenshot(page, `session-join-${viewport}`);

    await signIn.click();
    await page.getByLabel('Username').fill(carol.username);
    await page.getByLabel('Password', { exact: true }).fill(carol.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === `/session/${shro.id}`);
    await page.getByRole('button', { name: 'Mystery Box #3' }).click();
    await expectText(page, 'Box #3 Selected!');
    await expectText(page, 'Pepperoni');
    await expectText(page, '1 person has opened a box so far.');
    expect(await page.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);

    await recordClipboardWrites(alice.context);
    const creatorPage = await alice.context.newPage();
    await creatorPage.goto(sessionUrl(shro));
    await expectText(creatorPage, '1 person has opened a box');
    await expectText(creatorPage, '100%');
    const participants = creatorPage.getByRole('region', { name: /Participants/ });
    await expect.poll(() => participants.getByText(`@${carol.username}`).isVisible()).toBe(true);
    expect(await participants.getByText('Box #3').isVisible()).toBe(true);
    await expectAccessible(creatorPage);
    await screenshot(creatorPage, `session-creator-link-${viewport}`);

    const opened = await recordWindowOpen(creatorPage);
    await creatorPage.getByRole('button', { name: 'Share' }).click();
    const dialog = creatorPage.getByRole('dialog', { name: 'Share your Shro' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Link preview').textContent()).toContain('Pizza topping of the week');
    await expectAccessible(creatorPage);
    await screenshot(creatorPage, `session-share-dialog-${viewport}`);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expectToast(creatorPage, 'Link copied!');
    await expect.poll(() => dialog.getByRole('button', { name: 'Copied!' }).isVisible()).toBe(true);
    expect(await copiedText(creatorPage)).toBe(`${baseURL()}/session/${shro.id}`);
    await dialog.getByRole('button', { name: 'Facebook' }).click();
    await dialog.getByRole('button', { name: 'Twitter' }).click();
    const urls = await opened();
    expect(urls[0]).toContain('https://www.facebook.com/sharer/sharer.php?u=');
    expect(urls[1]).toContain('https://twitter.com/intent/tweet?');
    expect(urls[1]).toContain(encodeURIComponent(`/session/${shro.id}`));
    await visitorContext.close();
    await alice.context.close();
  });

  it('shows the expired page to people who had not picked, and keeps the creator on the results', async () => {
    const alice = await signedInUser(open, 'old');
    const bob = await signedInUser(open, 'late');
    const shro = await createShroViaApi(alice.context, {
      title: 'Quick vote',
      type: 'text',
      isShareable: true,
      expiresAt: new Date(Date.now() + 1500).toISOString(),
      textOptions: textOptions('Yes', 'No'),
    });
    await new Promise((r) => setTimeout(r, 2000));
    const page = await bob.context.newPage();
    await page.goto(sessionUrl(shro));
    await expect.poll(() => page.getByRole('heading', { name: 'This Shro has expired' }).isVisible()).toBe(true);
    await expectText(page, 'This shareable Shro is no longer accepting participants.');
    await expectAccessible(page);
    await screenshot(page, `session-expired-${viewport}`);
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const visitor = await (await open()).newPage();
    await visitor.goto(sessionUrl(shro));
    await expect.poll(() => visitor.getByRole('heading', { name: 'This Shro has expired' }).isVisible()).toBe(true);

    const creatorPage = await alice.context.newPage();
    await creatorPage.goto(sessionUrl(shro));
    await expectText(creatorPage, 'This link has expired. No new picks can come in.');
    // One ended state: nothing says live, expires in the future tense, or offers a share.
    await expect
      .poll(() => creatorPage.getByRole('heading', { name: 'Your Shro has ended: no one opened a box' }).isVisible())
      .toBe(true);
    await expectText(creatorPage, /Shareable link, link expired /);
    expect(await creatorPage.getByText('Your Shro is live!').count()).toBe(0);
    expect(await creatorPage.getByText(/link expires/).count()).toBe(0);
    expect(await creatorPage.getByRole('button', { name: 'Share' }).count()).toBe(0);
    await expectAccessible(creatorPage);
    await screenshot(creatorPage, `session-creator-expired-${viewport}`);
    await alice.context.close();
    await bob.context.close();
  });

  it('shows Session Not Found for unknown ids and for private Shros of others', async () => {
    const alice = await signedInUser(open, 'priv');
    const bob = await signedInUser(open, 'privbob');
    const eve = await signedInUser(open, 'eve');
    await makeFriends(alice.context, alice.id, bob.context, bob.id);
    const shro = await createShroViaApi(alice.context, {
      title: 'Just for Bob',
      type: 'text',
      recipients: [bob.id],
      textOptions: textOptions('A', 'B'),
    });
    const page = await eve.context.newPage();
    for (const path of ['/session/does-not-exist', sessionUrl(shro)]) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { name: 'Session Not Found' }).isVisible()).toBe(true);
      await expectText(page, "The session you're looking for doesn't exist or has expired.");
    }
    await expect.poll(() => page.title()).toBe('Session Not Found - Shro');
    await expectAccessible(page);
    await screenshot(page, `session-not-found-${viewport}`);
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await alice.context.close();
    await bob.context.close();
    await eve.context.close();
  });
});

describe('the Shro page rules', () => {
  const open = () => newContext(browser, 'desktop');

  it('lists three names per box then "+N more" for the creator of a public Shro', async () => {
    const alice = await signedInUser(open, 'crowd');
    const shro = await createShroViaApi(alice.context, {
      title: 'Crowd favourite',
      type: 'text',
      isPublic: true,
      textOptions: textOptions('Left', 'Right'),
    });
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      const user = await signedInUser(open, `fan${i}`);
      names.push(user.username);
      await selectViaApi(user.context, shro, i < 4 ? 1 : 2);
      await user.context.close();
    }
    const page = await alice.context.newPage();
    await page.goto(sessionUrl(shro));
    await expectText(page, '5 people have opened a box');
    await expectText(page, '+1 more');
    await expectText(page, '80%');
    await expectText(page, '4 choices');
    await screenshot(page, 'session-creator-crowd-desktop');
    await alice.context.close();
  });

  it('answers a second pick with "Already Selected"', async () => {
    const alice = await signedInUser(open, 'twice');
    const bob = await signedInUser(open, 'twicebob');
    await makeFriends(alice.context, alice.id, bob.context, bob.id);
    const shro = await createShroViaApi(alice.context, {
      title: 'Only once',
      type: 'text',
      recipients: [bob.id],
      textOptions: textOptions('One', 'Two', 'Three'),
    });
    const stale = await bob.context.newPage();
    await stale.goto(sessionUrl(shro));
    await expect.poll(() => stale.getByRole('button', { name: 'Mystery Box #1' }).isVisible()).toBe(true);
    // This tab keeps showing the unopened boxes: its refreshes get the old answer.
    const before = await (await bob.context.request.get(`/api/sessions/${shro.id}`)).text();
    await stale.route(`**/api/sessions/${shro.id}`, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 200, contentType: 'application/json', body: before })
        : route.continue(),
    );
    await selectViaApi(bob.context, shro, 1);
    await stale.getByRole('button', { name: 'Mystery Box #2' }).click();
    await expectToast(stale, 'Already Selected');
    await expectToast(stale, 'You already selected a box! You can only choose one.');
    await alice.context.close();
    await bob.context.close();
  });

  it('reports a failed pick and a failed reaction with the spec texts', async () => {
    const alice = await signedInUser(open, 'flaky');
    const bob = await signedInUser(open, 'flakybob');
    await makeFriends(alice.context, alice.id, bob.context, bob.id);
    const shro = await createShroViaApi(alice.context, {
      title: 'Network trouble',
      type: 'text',
      recipients: [bob.id],
      textOptions: textOptions('One', 'Two'),
    });
    const page = await bob.context.newPage();
    await page.route('**/select', (route) => route.fulfill({ status: 500, body: '{"message":"boom"}' }));
    await page.route('**/react', (route) => route.fulfill({ status: 500, body: '{"message":"boom"}' }));
    await page.goto(sessionUrl(shro));
    await page.getByRole('button', { name: 'Mystery Box #1' }).click();
    await expectToast(page, 'Failed to select box. Please try again.');
    await page.unroute('**/select');
    await page.getByRole('button', { name: 'Mystery Box #1' }).click();
    await expectText(page, 'Box #1 Selected!');
    await page.getByRole('button', { name: 'React Thumbs up' }).click();
    await expectToast(page, 'Failed to send reaction. Please try again.');
    expect(await page.getByRole('button', { name: 'React Thumbs up' }).isVisible()).toBe(true);
    await alice.context.close();
    await bob.context.close();
  });

  it('mutes and unmutes the feedback sounds, remembered across reloads', async () => {
    const alice = await signedInUser(open, 'mute');
    const page = await alice.context.newPage();
    await page.goto('/create');
    const toggle = page.getByRole('button', { name: 'Sounds' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Sounds' }).getAttribute('aria-pressed')).toBe('false');
    await alice.context.close();
  });
});
