import { expect, test } from './fixtures';
import { createShroViaApi, selectViaApi, textOptions, writeViaApi } from './support/api';
import { expectToast } from './support/page';

const inSection = (page: import('@playwright/test').Page, name: string) => page.getByRole('region', { name });

test.describe('the home inbox', () => {
  test('a new member sees where things will wait, each empty list with its first step, above the headline', async ({
    user,
    expectAccessible,
    saveScreenshot,
  }) => {
    const page = await user.context.newPage();
    await page.goto('/');
    const waiting = inSection(page, 'Waiting for you');
    const requests = inSection(page, 'Friend requests');
    const live = inSection(page, 'Your live Shros');
    await expect(waiting.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
    await expect(requests.getByRole('link', { name: 'Add a friend' })).toHaveAttribute('href', '/friends?tab=find');
    await expect(live.getByRole('link', { name: 'Create your first Shro' })).toHaveAttribute('href', '/create');
    // The spec's home stays: the headline and the cards come after the inbox.
    const headline = page.getByRole('heading', { level: 1, name: /Shro Your Friends or Shro The World/ });
    await expect(headline).toBeVisible();
    const inboxTop = (await waiting.boundingBox())!.y;
    expect(inboxTop).toBeLessThan((await headline.boundingBox())!.y);
    await expect(page.getByRole('heading', { name: 'Send to Friends' })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'home-inbox-empty');

    await requests.getByRole('link', { name: 'Add a friend' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/friends' && url.search === '?tab=find');
  });

  test('lists what waits (with time left), answers a friend request inline, and counts live picks', async ({
    user: alice,
    friend: bob,
    newUser,
    viewportName,
    expectAccessible,
    saveScreenshot,
  }) => {
    const carol = await newUser('carol');
    await writeViaApi(carol.context, 'post', '/api/friends/request', { friendId: alice.id });
    const gift = await createShroViaApi(bob.context, {
      title: 'Birthday dinner spot',
      type: 'text',
      recipients: [alice.id],
      textOptions: textOptions('Sushi bar', 'Taco truck'),
    });
    const link = await createShroViaApi(bob.context, {
      title: 'Weekend hike',
      type: 'text',
      isShareable: true,
      expiresAt: new Date(Date.now() + 3 * 3600_000 + 20 * 60_000).toISOString(),
      textOptions: textOptions('Lake trail', 'Ridge walk'),
    });
    await writeViaApi(bob.context, 'post', '/api/chat/send', {
      recipientId: alice.id,
      content: link.title,
      messageType: 'shro_share',
      shroSessionId: link.id,
    });
    const own = await createShroViaApi(alice.context, {
      title: 'Movie night pick',
      type: 'text',
      isShareable: true,
      textOptions: textOptions('Comedy', 'Horror'),
    });
    await selectViaApi(bob.context, own, 1);

    const page = await alice.context.newPage();
    await page.goto('/');
    const waiting = inSection(page, 'Waiting for you').getByRole('list', { name: 'Waiting for you' });
    const rows = waiting.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    // Newest first: the link shared in the chat came after the private one.
    await expect(rows.nth(0)).toContainText('Weekend hike');
    await expect(rows.nth(0)).toContainText(`From @${bob.username}`);
    await expect(rows.nth(0)).toContainText('closes in 3 h');
    await expect(rows.nth(1)).toContainText('Birthday dinner spot');
    // Never a box's content.
    await expect(page.getByText(/Sushi bar|Taco truck|Lake trail/)).toHaveCount(0);

    const live = inSection(page, 'Your live Shros').getByRole('list', { name: 'Your live Shros' });
    await expect(live.getByRole('listitem')).toHaveCount(1);
    await expect(live).toContainText('Movie night pick');
    await expect(live).toContainText('Link · 1 opened');

    const requests = inSection(page, 'Friend requests');
    await expect(requests.getByRole('listitem')).toContainText(`@${carol.username}`);
    // Issue "second walk", item 22: one column, each card as tall as what it holds, so a short card
    // never leaves an empty area beside a long list.
    const boxes = await Promise.all(
      ['Waiting for you', 'Friend requests', 'Your live Shros'].map(
        async (name) => (await inSection(page, name).boundingBox())!,
      ),
    );
    for (const box of boxes) {
      expect(Math.abs(box.x - boxes[0]!.x)).toBeLessThan(1);
      expect(Math.abs(box.width - boxes[0]!.width)).toBeLessThan(1);
    }
    expect(boxes[0]!.y).toBeLessThan(boxes[1]!.y);
    expect(boxes[1]!.y).toBeLessThan(boxes[2]!.y);
    await expectAccessible(page);
    await saveScreenshot(page, 'home-inbox-items');

    if (viewportName === 'phone') {
      // The menu icon counts unread notifications and messages together.
      const notifications = (await (await alice.context.request.get('/api/notifications')).json()) as {
        isRead: boolean;
      }[];
      const messages = (await (await alice.context.request.get('/api/chat/unread-count')).json()) as number;
      const total = notifications.filter((n) => !n.isRead).length + messages;
      expect(messages).toBeGreaterThan(0);
      await expect(page.getByRole('button', { name: 'Open menu' }).getByLabel(`${total} unread`)).toHaveText(
        String(total),
      );
    }

    await requests.getByRole('button', { name: 'Accept' }).click();
    await expect(requests.getByRole('link', { name: 'Add a friend' })).toBeVisible();
    const status = (await (await alice.context.request.get(`/api/friends/status/${carol.id}`)).json()) as {
      areFriends: boolean;
    };
    expect(status.areFriends).toBe(true);

    // A pick on Alice's link reaches her home live, without a reload.
    await selectViaApi(carol.context, own, 2);
    await expect(live).toContainText('Link · 2 opened');

    // A Shro that arrives while she is here is announced.
    await createShroViaApi(bob.context, {
      title: 'Late night snack',
      type: 'text',
      recipients: [alice.id],
      textOptions: textOptions('Chips', 'Fruit'),
    });
    await expectToast(page, 'New Shro!');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Late night snack');

    await rows.filter({ hasText: 'Birthday dinner spot' }).getByRole('link').click();
    await expect(page).toHaveURL((url) => url.pathname === `/session/${gift.id}`);
  });
});
