import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createShroViaApi, textOptions, uniqueName, writeViaApi } from './support/api';
import { expectToast } from './support/page';

/** The card titles of the explore search results. */
const searchTitles = (page: Page) =>
  page
    .getByRole('list', { name: 'Search results', exact: true })
    .getByRole('article')
    .getByRole('heading', { level: 2 });

/** Issue 11, items 1 and 3: block from a profile, they vanish; unblock from the block list. */
test('blocking from a profile hides them from explore and chat; the block list unblocks', async ({
  user: me,
  friend: them,
  expectAccessible,
  saveScreenshot,
}) => {
  // Many pages in one story (explore, chat, profile, settings, twice each side of the block).
  test.slow();
  const stamp = uniqueName('blk')
    .replace(/[^a-z0-9]/gi, '')
    .slice(-10);
  const title = `Pancakes ${stamp}`;
  await createShroViaApi(them.context, {
    title,
    type: 'text',
    isShareable: false,
    isPublic: true,
    textOptions: textOptions('Maple', 'Berries'),
  });
  await writeViaApi(them.context, 'post', '/api/chat/send', { recipientId: me.id, content: `Hi from ${stamp}` });

  const page = await me.context.newPage();
  // Before: their Shro is on explore and their conversation in my chats.
  await page.goto('/explore');
  await page.getByRole('searchbox', { name: 'Search Shros' }).fill(stamp);
  await expect(searchTitles(page)).toHaveText([title]);
  await page.goto('/chat');
  const conversations = page.getByRole('list', { name: 'Conversations' });
  await expect(conversations.getByText(`Hi from ${stamp}`)).toBeVisible();
  // Read, so that the unblock later brings back no unread message (and no "New message" toast).
  await writeViaApi(me.context, 'post', `/api/chat/${them.id}/read`, {});

  // Block from their profile, after a confirmation that says what blocking does.
  await page.goto(`/@${them.username}`);
  await page.getByRole('button', { name: `More options for @${them.username}` }).click();
  await expect(page.getByRole('menuitem', { name: `Mute @${them.username}` })).toBeVisible();
  await page.getByRole('menuitem', { name: `Block @${them.username}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Block @${them.username}?` });
  await expect(confirm).toContainText(
    `@${them.username} won't be able to send you friend requests, messages or Shros, and you won't see each other's Shros. They won't be told.`,
  );
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await saveScreenshot(page, 'block-confirm');
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expectToast(page, `@${them.username} blocked`);
  await expect(page.getByText(`You blocked @${them.username}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await saveScreenshot(page, 'block-profile-blocked');

  // They vanish from explore and from my chats (and are no longer a friend to chat with).
  await page.goto('/explore');
  await page.getByRole('searchbox', { name: 'Search Shros' }).fill(stamp);
  await expect(page.getByText(title)).toHaveCount(0);
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: /messages/i }).first()).toBeVisible();
  await expect(page.getByText(`Hi from ${stamp}`)).toHaveCount(0);
  await expect(page.getByText(them.username)).toHaveCount(0);

  // The blocked side is not told, and cannot find my profile.
  const theirPage = await them.context.newPage();
  await theirPage.goto(`/@${me.username}`);
  await expect(theirPage.getByRole('heading', { name: /not found/i })).toBeVisible();

  // The block list in Settings unblocks.
  await page.goto('/settings#privacy');
  const list = page.getByRole('list', { name: 'Blocked people' });
  await expect(list.getByText(`@${them.username}`)).toBeVisible();
  await list.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await saveScreenshot(page, 'block-list');
  await list.getByRole('button', { name: `Unblock @${them.username}` }).click();
  await expectToast(page, `@${them.username} unblocked`);
  await expect(page.getByText("You haven't blocked anyone.")).toBeVisible();

  await page.goto('/explore');
  await page.getByRole('searchbox', { name: 'Search Shros' }).fill(stamp);
  await expect(searchTitles(page)).toHaveText([title]);
});

test('mute and block from the chat header, a Shro page and a notification', async ({
  user: me,
  friend: them,
  expectAccessible,
  saveScreenshot,
}) => {
  const shro = await createShroViaApi(them.context, {
    title: `Tacos ${uniqueName('m').slice(-6)}`,
    type: 'text',
    isShareable: true,
    textOptions: textOptions('Yes', 'No'),
  });
  await writeViaApi(them.context, 'post', '/api/chat/send', { recipientId: me.id, content: 'Psst' });

  const page = await me.context.newPage();
  // The chat header: mute them, then unmute.
  await page.goto(`/chat?with=${them.id}`);
  // Issue "second walk", item 7: one menu in the chat's header holds every action.
  const chatHeader = page.getByRole('region', { name: /^Chat with / });
  await expect(chatHeader.getByRole('button', { name: 'Conversation options' })).toHaveCount(1);
  await expect(chatHeader.getByRole('button', { name: `Mute or block @${them.username}` })).toHaveCount(0);
  await page.getByRole('button', { name: 'Conversation options' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete conversation' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: `Block @${them.username}` })).toBeVisible();
  await page.getByRole('menuitem', { name: `Mute @${them.username}` }).click();
  await expectToast(page, `Muted @${them.username}`);
  await expectToast(page, 'You won’t get notifications from them. They won’t know.');
  await page.getByRole('button', { name: 'Conversation options' }).click();
  await expect(page.getByRole('menuitem', { name: `Unmute @${them.username}` })).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, 'block-chat-menu');
  await page.getByRole('menuitem', { name: `Unmute @${them.username}` }).click();
  await expectToast(page, `Unmuted @${them.username}`);

  // A Shro page: mute this Shro.
  await page.goto(`/session/${shro.id}`);
  await page.getByRole('button', { name: `Mute or block @${them.username}` }).click();
  // "Mute notifications": the page's sound switch is named apart.
  await expect(page.getByRole('button', { name: 'Sound', exact: true })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Mute notifications for this Shro' }).click();
  await expectToast(page, 'Muted notifications for this Shro');
  const mutes = (await (await me.context.request.get('/api/mutes')).json()) as { shroIds: string[] };
  expect(mutes.shroIds).toContain(shro.id);

  // A notification's menu: their accepted friend request names them; block from there.
  await page.goto('/notifications');
  const item = page
    .getByRole('list', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: `@${them.username}` })
    .first();
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: /^Options for/ }).click();
  await saveScreenshot(page, 'block-notification-menu');
  await page.getByRole('menuitem', { name: `Block @${them.username}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Block' }).click();
  await expectToast(page, `@${them.username} blocked`);
  const blocks = (await (await me.context.request.get('/api/blocks')).json()) as { id: string }[];
  expect(blocks.map((b) => b.id)).toEqual([them.id]);
});

test('Settings lists what I muted, people and Shros, each with Unmute', async ({
  user: me,
  friend: them,
  expectAccessible,
  saveScreenshot,
}) => {
  const title = `Loud one ${uniqueName('q').slice(-6)}`;
  const shro = await createShroViaApi(them.context, {
    title,
    type: 'text',
    isShareable: true,
    textOptions: textOptions('Yes', 'No'),
  });
  await writeViaApi(me.context, 'post', `/api/mutes/users/${them.id}`, {});
  await writeViaApi(me.context, 'post', `/api/sessions/${shro.id}/mute`, {});

  const page = await me.context.newPage();
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveURL((url) => url.pathname === '/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'Privacy & safety' })
    .click();
  const people = page.getByRole('list', { name: 'Muted people' });
  const shros = page.getByRole('list', { name: 'Muted Shros' });
  await expect(people.getByText(`@${them.username}`)).toBeVisible();
  await expect(shros.getByRole('link', { name: title })).toHaveAttribute('href', `/session/${shro.id}`);
  await expect(page.getByRole('heading', { name: 'Blocked people' })).toBeVisible();
  await page.getByRole('heading', { name: 'Muted', exact: true }).scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await saveScreenshot(page, 'settings-muted');

  await people.getByRole('button', { name: `Unmute @${them.username}` }).click();
  await expectToast(page, `Unmuted @${them.username}`);
  await expect(people).toHaveCount(0);
  await shros.getByRole('button', { name: `Unmute “${title}”` }).click();
  await expectToast(page, `Unmuted “${title}”`);
  await expect(page.getByText("You haven't muted anyone or any Shro.")).toBeVisible();
  expect(await (await me.context.request.get('/api/mutes')).json()).toEqual({ userIds: [], shroIds: [] });
});
