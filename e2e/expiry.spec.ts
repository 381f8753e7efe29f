import { expect, test } from './fixtures';
import { ShroPage } from './pages/shro-page';
import { createShroViaApi, textOptions } from './support/api';
import { expectText, expectToast, recordWindowOpen } from './support/page';

/** A link Shro of `context`'s user that has just expired (made to close 1.5 s after creation). */
async function expiredLink(context: import('@playwright/test').BrowserContext, title: string) {
  const shro = await createShroViaApi(context, {
    title,
    type: 'text',
    isShareable: true,
    expiresAt: new Date(Date.now() + 1500).toISOString(),
    textOptions: textOptions('Secret pasta', 'Secret ramen', 'Secret curry'),
  });
  await new Promise((r) => setTimeout(r, 2000));
  return shro;
}

test.describe('links that expire', () => {
  test('participants and visitors see how long a link stays open', async ({ user: alice, newUser, openContext }) => {
    const bob = await newUser('bob');
    const shro = await createShroViaApi(alice.context, {
      title: 'Lunch today',
      type: 'text',
      isShareable: true,
      expiresAt: new Date(Date.now() + 3 * 3600_000 + 20 * 60_000).toISOString(),
      textOptions: textOptions('Soup', 'Salad'),
    });
    const page = await bob.context.newPage();
    await page.goto(ShroPage.path(shro));
    await expectText(page, 'This link closes in 3 h');
    const visitor = await (await openContext()).newPage();
    await visitor.goto(ShroPage.path(shro));
    await expect(visitor.getByRole('heading', { name: 'Join the Mystery' })).toBeVisible();
    await expectText(visitor, 'This link closes in 3 h');
  });

  test('an expired link shows who made it and what it was, and leads to a Shro of your own', async ({
    user: alice,
    newUser,
    openContext,
    expectAccessible,
    saveScreenshot,
  }) => {
    const shro = await expiredLink(alice.context, 'Dinner Friday');

    const visitor = await (await openContext()).newPage();
    await visitor.goto(ShroPage.path(shro));
    await expect(visitor.getByRole('heading', { name: 'This Shro has expired' })).toBeVisible();
    await expectText(visitor, 'This shareable Shro is no longer accepting participants.');
    const facts = visitor.getByRole('figure', { name: 'What it was' });
    await expect(facts).toContainText('"Dinner Friday"');
    await expect(facts).toContainText(`A text Shro by @${alice.username} with 3 mystery boxes`);
    await expect(visitor.getByText(/Secret (pasta|ramen|curry)/)).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: 'Create your own Shro' })).toHaveAttribute(
      'href',
      '/register?redirect=%2Fcreate',
    );
    await expect(visitor.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fcreate',
    );
    await expect(visitor.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    await expectAccessible(visitor);
    await saveScreenshot(visitor, 'expired-link-visitor');

    const bob = await newUser('late');
    const page = await bob.context.newPage();
    await page.goto(ShroPage.path(shro));
    await expect(page.getByRole('heading', { name: 'This Shro has expired' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'What it was' })).toContainText(`@${alice.username}`);
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
    await saveScreenshot(page, 'expired-link-member');
    await page.getByRole('link', { name: 'Create your own Shro' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/create');
  });

  test('the creator’s ended link says so and shares again as a new link with a new expiry', async ({
    user: alice,
    expectAccessible,
    saveScreenshot,
  }) => {
    const shro = await expiredLink(alice.context, 'Pick our game');
    const creator = new ShroPage(await alice.context.newPage());
    await creator.goto(shro);
    const { page } = creator;
    await expect(page.getByRole('heading', { name: 'Your Shro has ended: no one opened a box' })).toBeVisible();
    await expect(page.getByText('Your Shro is live!')).toHaveCount(0);
    await expect(creator.share).toHaveCount(0);
    const again = page.getByRole('button', { name: 'Share again with a new expiry' });
    await expect(again).toBeVisible();
    await saveScreenshot(page, 'expired-link-creator');

    await again.click();
    const dialog = page.getByRole('dialog', { name: 'Share again with a new expiry' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: '7 days' }).check();
    await expectAccessible(page);
    await saveScreenshot(page, 'expired-link-share-again');
    await dialog.getByRole('button', { name: 'Create the new Shro link' }).click();
    await expectToast(page, 'Your new link is open');
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/session/') && !url.pathname.endsWith(shro.id));
    await expect(page.getByRole('heading', { level: 1, name: 'Pick our game' })).toBeVisible();
    await expectText(page, 'This link closes in 7 d');
    await expect(page.getByRole('heading', { name: 'Your Shro is live!' })).toBeVisible();
    await expect(creator.share).toBeVisible();
    // The old one stays as it ended.
    await page.goto(ShroPage.path(shro));
    await expect(page.getByRole('button', { name: 'Share again with a new expiry' })).toBeVisible();
  });

  test('the share dialog offers the share sheet and the apps, and counts each share with its target', async ({
    user: alice,
    expectAccessible,
    saveScreenshot,
  }) => {
    const shro = await createShroViaApi(alice.context, {
      title: 'Tacos or pizza & more',
      type: 'text',
      isShareable: true,
      textOptions: textOptions('Tacos', 'Pizza'),
    });
    const page = await alice.context.newPage();
    // A browser with a share sheet: the dialog offers it first.
    await page.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: unknown) => {
          (window as unknown as { shared: unknown[] }).shared.push(data);
        },
      });
    });
    const creator = new ShroPage(page);
    await creator.goto(shro);
    const opened = await recordWindowOpen(page);
    await creator.share.click();
    const dialog = creator.shareDialog;
    await expect(dialog).toBeVisible();
    const link = `/session/${shro.id}`;
    const targets = dialog.getByRole('list', { name: 'Share to' });
    const expected: [string, RegExp][] = [
      ['WhatsApp', /^https:\/\/wa\.me\/\?text=/],
      ['Telegram', /^https:\/\/t\.me\/share\/url\?url=/],
      ['Messenger', /messenger/],
      ['SMS', /^sms:\?&body=/],
      ['Email', /^mailto:\?subject=/],
      ['X (Twitter)', /^https:\/\/twitter\.com\/intent\/tweet\?/],
      ['Facebook', /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/],
    ];
    await expect(targets.getByRole('link')).toHaveText(expected.map(([name]) => name));
    for (const [name, href] of expected) {
      const target = targets.getByRole('link', { name, exact: true });
      await expect(target).toHaveAttribute('href', href);
      if (name !== 'Messenger') await expect(target).toHaveAttribute('href', new RegExp(encodeURIComponent(link)));
    }
    await expectAccessible(page);
    await saveScreenshot(page, 'share-dialog-targets');

    const analytics = page.waitForRequest(
      (request) => request.url().endsWith('/api/analytics') && (request.postData() ?? '').includes('"whatsapp"'),
      { timeout: 15_000 },
    );
    const counted = page.waitForResponse((response) => response.url().endsWith(`/api/sessions/${shro.id}/share`));
    await targets.getByRole('link', { name: 'WhatsApp' }).click();
    expect((await counted).status()).toBe(200);
    const sent = JSON.parse((await analytics).postData()!) as { events: { name: string; label: string }[] };
    expect(sent.events).toContainEqual(expect.objectContaining({ name: 'share_shro', label: 'whatsapp' }));
    expect((await opened())[0]).toMatch(/^https:\/\/wa\.me\/\?text=/);

    await dialog.getByRole('button', { name: 'Share to an app' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared.length))
      .toBe(1);
    const shared = await page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared[0]!);
    expect(shared.url).toContain(link);
  });
});
