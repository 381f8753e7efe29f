import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  baseURL,
  createImageShroViaApi,
  createShroViaApi,
  selectViaApi,
  textOptions,
  uniqueName,
  writeViaApi,
} from './support/api';
import { avatarSvg, pngFile } from './support/files';
import { expectToast } from './support/page';

/** Explore's search for `term` shows exactly these titles (none: its "No Shros match" screen). */
async function expectExploreSearch(page: Page, term: string, titles: string[]) {
  await page.goto('/explore');
  await page.getByRole('searchbox', { name: 'Search Shros' }).fill(term);
  if (titles.length === 0) {
    await expect(page.getByRole('heading', { name: `No Shros match “${term}”` })).toBeVisible();
    return;
  }
  const results = page.getByRole('list', { name: 'Search results', exact: true }).getByRole('article');
  await expect(results.getByRole('heading', { level: 2 })).toHaveText(titles);
}

/** This project's moderator (named in MODERATOR_USERNAMES of the test server), signed in. */
async function moderatorContext(openContext: () => Promise<BrowserContext>, viewportName: string) {
  const context = await openContext();
  const username = `e2e_mod_${viewportName}`;
  const headers = { origin: baseURL() };
  const logIn = () => context.request.post('/api/login', { data: { username, password: 'secret123' }, headers });
  if ((await logIn()).ok()) return context;
  // The first test to need the moderator creates the account. Two tests of this project can
  // start at once on the two workers: the one whose registration finds it taken logs in.
  const registered = await context.request.post('/api/register', {
    data: {
      username,
      email: `${username}@example.com`,
      password: 'secret123',
      confirmPassword: 'secret123',
      acceptTerms: true,
    },
    headers,
  });
  if (registered.status() === 409) expect((await logIn()).ok()).toBe(true);
  else expect(registered.ok(), await registered.text()).toBe(true);
  return context;
}

const report = (context: BrowserContext, body: Record<string, unknown>) =>
  context.request.post('/api/reports', { data: body, headers: { origin: baseURL() } });

test.describe('report and moderation', () => {
  test('three people report a public Shro, it leaves explore, and a moderator restores it', async ({
    newUser,
    openContext,
    viewportName,
    expectAccessible,
    saveScreenshot,
  }) => {
    // Five people (creator, three reporters and a viewer) and a moderator: about 50 s on a busy CI.
    test.slow();
    const creator = await newUser('maker');
    const stamp = uniqueName('rep').replace('rep_', '');
    const title = `Lunch vote ${stamp}`;
    const shro = await createShroViaApi(creator.context, {
      title,
      type: 'text',
      isPublic: true,
      textOptions: textOptions('Ramen', 'Salad', 'Burger', 'Pho'),
    });
    const [first, second, third, viewer] = await Promise.all([
      newUser('rep1'),
      newUser('rep2'),
      newUser('rep3'),
      newUser('look'),
    ]);
    const viewerPage = await viewer.context.newPage();
    await expectExploreSearch(viewerPage, stamp, [title]);

    // The first report goes through the dialog on the Shro page.
    const page = await first.context.newPage();
    await page.goto(`/session/${shro.id}`);
    await page.getByRole('button', { name: 'Report this Shro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this Shro' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose what is wrong');
    await dialog.getByRole('radio', { name: 'Spam or scam' }).check();
    await dialog.getByLabel('Details (optional)').fill('Same poll posted ten times today');
    await expectAccessible(page);
    await saveScreenshot(page, 'report-dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('dialog', { name: "Thanks, we'll review this" })).toBeVisible();
    await saveScreenshot(page, 'report-thanks');
    await page.getByRole('button', { name: 'Done' }).click();

    // A second report by the same person is refused; two more people report it.
    expect((await report(first.context, { targetType: 'shro', targetId: shro.id, reason: 'spam' })).status()).toBe(409);
    for (const reporter of [second, third]) {
      expect((await report(reporter.context, { targetType: 'shro', targetId: shro.id, reason: 'hate' })).status()).toBe(
        201,
      );
    }
    await expectExploreSearch(viewerPage, stamp, []);

    // Someone who is not a moderator gets the not-found screen at /moderation.
    await viewerPage.goto('/moderation');
    await expect(viewerPage.getByRole('heading', { name: 'Oops! This mystery box is empty' })).toBeVisible();

    // The moderator finds it in the queue, looks at its boxes and restores it with a reason.
    const moderator = await moderatorContext(openContext, viewportName);
    const modPage = await moderator.newPage();
    await modPage.goto('/moderation');
    await expect(modPage.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
    const card = modPage.getByRole('list', { name: 'Open reports' }).getByRole('listitem').filter({ hasText: title });
    await expect(card).toContainText('3 people reported');
    await expect(card).toContainText('Auto-hidden');
    await expectAccessible(modPage);
    await saveScreenshot(modPage, 'moderation-queue');
    await card.getByRole('button', { name: /^Review/ }).click();
    await expect(modPage.getByRole('list', { name: 'Boxes' }).getByRole('listitem')).toHaveCount(4);
    await expect(modPage.getByText('Same poll posted ten times today')).toBeVisible();
    await modPage.getByRole('button', { name: 'Restore' }).click();
    await modPage.getByRole('button', { name: 'Confirm' }).click();
    await expect(modPage.getByRole('alert')).toHaveText('A reason is required');
    await modPage.getByLabel(/^Reason/).fill('A normal lunch poll');
    await expectAccessible(modPage);
    await saveScreenshot(modPage, 'moderation-review');
    await modPage.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(modPage, 'Restore: done');
    await expect(card).toHaveCount(0);

    await modPage.getByRole('tab', { name: 'Audit log' }).click();
    const log = modPage.getByRole('list', { name: 'Audit log' });
    await expect(log.getByRole('listitem').filter({ hasText: 'A normal lunch poll' }).first()).toContainText('Restore');
    await saveScreenshot(modPage, 'moderation-log');

    await expectExploreSearch(viewerPage, stamp, [title]);
    // The reporters hear the outcome, without anyone being named.
    const notes = await (await first.context.request.get('/api/notifications')).json();
    expect(notes[0]).toMatchObject({
      type: 'report_outcome',
      message: `We reviewed your report of the Shro "${title}" and found no violation of our rules.`,
    });
  });

  test('a chat message is reported from its menu, and the reporter may block the sender too', async ({
    user,
    friend,
    openContext,
    viewportName,
    expectAccessible,
    saveScreenshot,
  }) => {
    const text = `You will regret it ${uniqueName('m')}`;
    await writeViaApi(friend.context, 'post', '/api/chat/send', { recipientId: user.id, content: text });
    const page = await user.context.newPage();
    await page.goto(`/chat?with=${friend.id}`);
    const message = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });
    await message.getByRole('button', { name: 'Report this message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this message' });
    await dialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
    await dialog.getByRole('checkbox', { name: `Also block @${friend.username}` }).check();
    await expectAccessible(page);
    await saveScreenshot(page, 'report-message');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const thanks = page.getByRole('dialog', { name: "Thanks, we'll review this" });
    await expect(thanks).toContainText(`You blocked @${friend.username}.`);
    const blocks = await (await user.context.request.get('/api/blocks')).json();
    expect(blocks.map((b: { id: string }) => b.id)).toContain(friend.id);
    // The thanks stays until it is closed; then the block applies to the page: the chat is gone.
    await expect(thanks).toBeVisible();
    await thanks.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('heading', { name: 'Conversation not found' })).toBeVisible();

    const moderator = await moderatorContext(openContext, viewportName);
    const modPage = await moderator.newPage();
    await modPage.goto('/moderation');
    await expect(
      modPage.getByRole('list', { name: 'Open reports' }).getByRole('listitem').filter({ hasText: text }),
    ).toContainText('Harassment or bullying');
  });

  test('a profile picture is reported from the profile, and a moderator deletes it', async ({
    newUser,
    openContext,
    viewportName,
    expectAccessible,
    saveScreenshot,
  }) => {
    const owner = await newUser('pic');
    const updated = await owner.context.request.patch('/api/profile', {
      multipart: { profileImage: { name: 'me.svg', mimeType: 'image/svg+xml', buffer: avatarSvg } },
      headers: { origin: baseURL() },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    const key = ((await updated.json()) as { profileImageUrl: string }).profileImageUrl.split('/').at(-1)!;

    const reporter = await newUser('seer');
    const page = await reporter.context.newPage();
    await page.goto(`/@${owner.username}`);
    await page.getByRole('button', { name: `Report @${owner.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Report @${owner.username}` });
    await expect(dialog.getByRole('group', { name: 'What are you reporting?' })).toBeVisible();
    await dialog.getByRole('radio', { name: `@${owner.username}'s profile picture` }).check();
    await dialog.getByRole('radio', { name: 'Sexual content' }).check();
    await expectAccessible(page);
    await saveScreenshot(page, 'report-profile-picture');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('dialog', { name: "Thanks, we'll review this" })).toBeVisible();
    // The report names the picture by its upload key: the same one again is refused.
    expect((await report(reporter.context, { targetType: 'image', targetId: key, reason: 'spam' })).status()).toBe(409);

    const moderator = await moderatorContext(openContext, viewportName);
    const modPage = await moderator.newPage();
    await modPage.goto('/moderation');
    const card = modPage
      .getByRole('list', { name: 'Open reports' })
      .getByRole('listitem')
      .filter({ hasText: `by @${owner.username}` });
    await expect(card).toContainText('Sexual content');
    await card.getByRole('button', { name: /^Review image/ }).click();
    await expect(modPage.getByRole('img', { name: 'Reported content' })).toBeVisible();
    await modPage.getByRole('button', { name: 'Delete', exact: true }).click();
    await modPage.getByLabel(/^Reason/).fill('Not a picture for a profile');
    await modPage.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(modPage, 'Delete: done');

    const profile = await (await reporter.context.request.get(`/api/users/profile/${owner.username}`)).json();
    expect(profile.profileImageUrl).toBeNull();
  });

  test('the image in the box someone opened is reported from the Shro page', async ({
    user,
    friend,
    expectAccessible,
  }) => {
    const form = new FormData();
    form.append('title', `Which view ${uniqueName('v').slice(-6)}`);
    form.append('type', 'image');
    form.append('isShareable', 'false');
    form.append('isPublic', 'false');
    form.append('recipients', JSON.stringify([friend.id]));
    for (const [i, word] of ['Lake', 'Hill'].entries()) {
      const file = await pngFile(`${word}.png`, word, i ? ['#059669', '#0ea5e9'] : ['#f97316', '#db2777']);
      form.append('labels', word);
      form.append('images', new Blob([new Uint8Array(file.buffer)], { type: 'image/png' }), file.name);
    }
    const shro = await createImageShroViaApi(user.context, form);
    await selectViaApi(friend.context, shro, 1);

    const page = await friend.context.newPage();
    await page.goto(`/session/${shro.id}`);
    await page.getByRole('button', { name: 'Report this Shro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this Shro' });
    await dialog.getByRole('radio', { name: 'The image in the box you opened' }).check();
    await dialog.getByRole('radio', { name: 'Violence or threats' }).check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('dialog', { name: "Thanks, we'll review this" })).toBeVisible();
  });
});
