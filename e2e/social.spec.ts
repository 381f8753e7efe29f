import type { Page } from '@playwright/test';
import { expect, test, type ViewportName } from './fixtures';
import { CreatePage } from './pages/create-page';
import {
  createShroViaApi,
  makeFriends,
  registerViaApi,
  selectViaApi,
  textOptions,
  uniqueName,
  writeViaApi,
} from './support/api';
import { avatarSvg } from './support/files';
import { expectToast } from './support/page';

/** The header's notification count: the account menu on desktop ("9+" capped), the menu button on phones. */
async function headerBadge(page: Page, viewportName: ViewportName): Promise<string | null> {
  const banner = page.getByRole('banner');
  const badge =
    viewportName === 'desktop'
      ? banner.locator('[aria-label$=" unread"]')
      : banner.getByRole('button', { name: 'Open menu' }).locator('span');
  return (await badge.count()) > 0 ? badge.first().textContent() : null;
}

const row = (page: Page, listName: string, text: string) =>
  page.getByRole('list', { name: listName, exact: true }).getByRole('listitem').filter({ hasText: text });

test.describe('social', () => {
  test('two people become friends through the UI, chat with ticks turning to read, and send a Shro', async ({
    newUser,
    viewportName,
    baseURL,
    expectAccessible,
    saveScreenshot,
  }) => {
    // Two browsers through friends, chat (read ticks by polling) and a Shro: about 50 s when both
    // of CI's cores are busy with the other worker.
    test.slow();
    const a = await newUser('amy');
    const b = await newUser('ben');
    const pageA = await a.context.newPage();
    const pageB = await b.context.newPage();

    // A finds B and asks.
    await pageA.goto('/friends');
    await expect(pageA.getByRole('heading', { name: 'Friends', level: 1 })).toBeVisible();
    await expect(pageA.getByText(`${baseURL}/@${a.username}`, { exact: true })).toBeVisible();
    const update = pageA.getByRole('button', { name: 'Update' });
    await expect(update).toBeDisabled();
    await pageA.getByLabel('New username').fill('   ');
    await expect(update).toBeDisabled();
    await pageA.getByLabel('New username').fill('');
    await pageA.getByRole('button', { name: 'Copy profile link' }).click();
    await expectToast(pageA, 'Link copied!');
    await expect(pageA.getByRole('heading', { name: 'No friends yet' })).toBeVisible();
    await expectAccessible(pageA);
    await saveScreenshot(pageA, 'friends-empty');

    await pageA.getByRole('tab', { name: /Find Friends/ }).click();
    await pageA.getByLabel('Search by username').fill(b.username);
    const resultB = row(pageA, 'Search results', `@${b.username}`);
    await resultB.getByRole('button', { name: 'Add Friend' }).click();
    await expectToast(pageA, 'Friend request sent!');
    await expect(resultB.getByText('Pending')).toBeVisible();
    await expectAccessible(pageA);
    await saveScreenshot(pageA, 'friends-search');

    await pageA.getByRole('tab', { name: /Requests/ }).click();
    await expect(row(pageA, 'Sent requests', `@${b.username}`).getByText('Pending')).toBeVisible();

    // B accepts from the Requests tab.
    await pageB.goto('/friends?tab=requests');
    const requestA = row(pageB, 'Received requests', `@${a.username}`);
    await expect(requestA.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expectAccessible(pageB);
    await saveScreenshot(pageB, 'friends-requests');
    await requestA.getByRole('button', { name: 'Accept' }).click();
    await expectToast(pageB, 'Friend request accepted!');
    await expectToast(pageB, 'You are now friends');
    await pageB.getByRole('tab', { name: /^Friends/ }).click();
    const friendA = row(pageB, 'Friends', `@${a.username}`);
    await expect(friendA.getByRole('link', { name: 'Send Shro' })).toHaveAttribute('href', `/create?friendId=${a.id}`);
    await expectAccessible(pageB);
    await saveScreenshot(pageB, 'friends-list');

    // A opens a chat with B from the friends list of the chat page.
    await pageA.goto('/chat');
    await expect(pageA.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    await expectAccessible(pageA);
    await pageA
      .getByRole('list', { name: 'Friends to chat with' })
      .getByRole('link', { name: new RegExp(b.username) })
      .click();
    await expect(pageA).toHaveURL((url) => url.searchParams.get('with') === b.id);
    if (viewportName === 'phone') {
      // One screen at a time on phones.
      await expect(pageA.getByRole('complementary', { name: 'Conversation list' })).toBeHidden();
      // The chat fits the phone's width: nothing hides off to the right.
      const pane = await pageA.getByRole('region', { name: /^Chat with / }).boundingBox();
      expect(pane!.x + pane!.width).toBeLessThanOrEqual(390);
    }
    const composerA = pageA.getByLabel(/^Message /);
    await composerA.fill('Hello Ben');
    await composerA.press('Shift+Enter');
    await composerA.pressSequentially('second line');
    await expect(composerA).toHaveValue('Hello Ben\nsecond line');
    await composerA.press('Enter');
    const messagesA = pageA.getByRole('list', { name: 'Messages' });
    await expect(messagesA.getByText('second line')).toBeVisible();
    await expect(composerA).toHaveValue('');
    // Whitespace alone is never sent.
    await composerA.fill('   ');
    await expect(pageA.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await composerA.press('Enter');
    await expect(messagesA.getByRole('listitem')).toHaveCount(1);
    await composerA.fill('');
    await expect(messagesA.getByRole('img', { name: /^(Sent|Delivered)$/ })).toHaveCount(1);

    // B sees the unread conversation, with A online, and reads it.
    await pageB.goto('/chat');
    const conversationA = pageB
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(a.username) });
    await expect(conversationA.getByLabel('1 unread')).toBeVisible();
    await expect(conversationA.getByText('Online')).toHaveCount(1);
    await expectAccessible(pageB);
    await saveScreenshot(pageB, 'chat-list');
    await conversationA.click();
    const messagesB = pageB.getByRole('list', { name: 'Messages' });
    await expect(messagesB.getByText('second line')).toBeVisible();
    const composerB = pageB.getByLabel(/^Message /);
    await composerB.fill('Hi Amy! 👋');
    await composerB.press('Enter');
    await expect(messagesB.getByText('Hi Amy! 👋')).toBeVisible();

    // A's tick turns to read and B's reply arrives, both by polling.
    await expect(messagesA.getByRole('img', { name: 'Read' })).toHaveCount(1);
    await expect(messagesA.getByText('Hi Amy! 👋')).toBeVisible();
    await expectAccessible(pageA);
    await saveScreenshot(pageA, 'chat-conversation');

    // Delete conversation asks first (issue 14, item 17; the delete itself: chat-delete.spec.ts).
    await pageA.getByRole('button', { name: 'Conversation options' }).click();
    await pageA.getByRole('menuitem', { name: 'Delete conversation' }).click();
    const deleteConfirm = pageA.getByRole('alertdialog', { name: /^Delete your conversation with / });
    await expect(deleteConfirm).toBeVisible();
    await deleteConfirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(deleteConfirm).toHaveCount(0);
    await expect(messagesA.getByText('Hi Amy! 👋')).toBeVisible();

    // A sends B a Shro from the chat: the link leads to the create page with B prefilled.
    const sendShro = pageA.getByRole('link', { name: 'Send Shro' });
    await expect(sendShro).toHaveAttribute('href', `/create?friendUsername=${b.username}`);
    await sendShro.click();
    await expect(pageA).toHaveURL(
      (url) => url.pathname === '/create' && url.searchParams.get('friendUsername') === b.username,
    );
    // The create page knows B already: a private Shro straight to them.
    const create = new CreatePage(pageA);
    await expect(pageA.getByText(`Sending privately to @${b.username}`).first()).toBeVisible();
    await create.chooseTemplate('Custom Text');
    await expect(create.friend(b.username)).toBeChecked();
    await create.fillText('Dinner tonight?', 'Ramen', 'Tapas');
    await create.createAndOpen();
    const shroId = new URL(pageA.url()).pathname.split('/').pop()!;

    // B hears about it, and it shows in their chat with A as a card.
    await pageB.goto('/notifications');
    const received = pageB
      .getByRole('list', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'Dinner tonight?' });
    await expect(received.getByRole('link', { name: 'View Shro' })).toHaveAttribute('href', `/session/${shroId}`);
    await pageB.goto(`/chat?with=${a.id}`);
    await expect(messagesB.getByText('Dinner tonight?')).toBeVisible();
    await expect(messagesB.getByRole('link', { name: /View Shro/ })).toHaveAttribute('href', `/session/${shroId}`);
    await saveScreenshot(pageB, 'chat-shro-share');
    await messagesB.getByRole('link', { name: /View Shro/ }).click();
    await expect(pageB).toHaveURL((url) => url.pathname === `/session/${shroId}`);
    await pageB.goBack();
    await expect(pageB).toHaveURL((url) => url.pathname === '/chat');

    if (viewportName === 'phone') {
      await pageB.getByRole('link', { name: 'Back to conversations' }).click();
      await expect(pageB).toHaveURL((url) => url.pathname === '/chat' && !url.searchParams.has('with'));
      await expect(pageB.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    }

    // Unfriending from the list asks first (issue 14, item 14): Cancel keeps the friendship.
    await pageB.goto('/friends');
    const unfriend = row(pageB, 'Friends', `@${a.username}`).getByRole('button', { name: /Unfriend/ });
    await unfriend.click();
    const confirm = pageB.getByRole('alertdialog', { name: `Unfriend @${a.username}?` });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(pageB);
    await saveScreenshot(pageB, 'friends-unfriend-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    const friendsOfB = async () =>
      ((await (await b.context.request.get('/api/friends')).json()) as { id: string }[]).map((f) => f.id);
    expect(await friendsOfB()).toContain(a.id);
    await expect(unfriend).toBeVisible();
    await unfriend.click();
    await confirm.getByRole('button', { name: 'Unfriend' }).click();
    await expectToast(pageB, 'Friend removed');
    expect(await friendsOfB()).not.toContain(a.id);
    await expect(pageB.getByRole('heading', { name: 'No friends yet' })).toBeVisible();
  });

  test('declines a request and shows the right action for each search result', async ({ openContext, baseURL }) => {
    const context = await openContext();
    const other = await openContext();
    const prefix = uniqueName('zed');
    const me = await registerViaApi(context, `${prefix}_me`);
    const asker = await registerViaApi(other, `${prefix}_ask`);
    const page = await context.newPage();
    await writeViaApi(other, 'post', '/api/friends/request', { friendId: me.user.id });

    await page.goto('/friends?tab=find');
    await page.getByLabel('Search by username').fill(prefix);
    const result = row(page, 'Search results', `@${asker.username}`);
    await expect(result.getByRole('button', { name: 'Decline' })).toBeVisible();
    await expect(result.getByRole('button', { name: 'Accept' })).toBeVisible();
    // Yourself is never a result.
    await expect(row(page, 'Search results', `@${me.username}`)).toHaveCount(0);
    await result.getByRole('button', { name: 'Decline' }).click();
    await expectToast(page, 'Friend request declined');
    await expect(result.getByRole('button', { name: 'Add Friend' })).toBeVisible();

    await page.getByLabel('Search by username').fill('no_such_user_anywhere');
    await expect(page.getByRole('heading', { name: 'No users found' })).toBeVisible();

    // The username card: a taken name fails with the server's message; a free one is saved.
    await page.getByLabel('New username').fill(asker.username);
    await page.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'Username is already taken');
    const renamed = `${prefix}_new`;
    await page.getByLabel('New username').fill(`  ${renamed}  `);
    await page.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'Username updated!');
    await expect(page.getByText(`${baseURL}/@${renamed}`, { exact: true })).toBeVisible();
    await expect(page.getByLabel('New username')).toHaveValue('');
  });

  test('puts the tabs and the search first, and shows the whole path of the profile link', async ({
    openContext,
    viewportName,
    baseURL,
    expectAccessible,
    saveScreenshot,
  }) => {
    // The longest username there is: the part of the link that must never be cut.
    const context = await openContext();
    const { username } = await registerViaApi(context, uniqueName('u').padEnd(30, 'x'));
    const me = { username };
    expect(me.username).toHaveLength(30);
    const page = await context.newPage();
    await page.goto('/friends');
    const tabs = page.getByRole('tablist', { name: 'Friends sections' });
    const linkHeading = page.getByRole('heading', { name: 'Your profile link' });
    await expect(linkHeading).toBeVisible();
    // Issue "second walk", item 6: the tabs come before the cards.
    const tabsBox = (await tabs.boundingBox())!;
    expect(tabsBox.y).toBeLessThan((await linkHeading.boundingBox())!.y);
    expect(tabsBox.y).toBeLessThan(250);

    // Item 21: the whole link is there to copy, and its `/@username` shows uncut.
    const link = page.getByText(`${baseURL}/@${me.username}`, { exact: true });
    await expect(link).toBeVisible();
    const path = link.getByText(`/@${me.username}`, { exact: true });
    const cut = await path.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut).toBe(false);
    const pathBox = (await path.boundingBox())!;
    const linkBox = (await link.boundingBox())!;
    expect(pathBox.x).toBeGreaterThanOrEqual(linkBox.x);
    expect(pathBox.x + pathBox.width).toBeLessThanOrEqual(linkBox.x + linkBox.width + 1);

    // Find Friends: the search box near the top, above where a phone's keyboard opens.
    await page.getByRole('tab', { name: /Find Friends/ }).click();
    const search = page.getByLabel('Search by username');
    const searchBox = (await search.boundingBox())!;
    expect(searchBox.y + searchBox.height).toBeLessThan(viewportName === 'phone' ? 844 / 2 : 800 / 2);
    await search.fill('no_such_user_anywhere');
    await expect(page.getByRole('heading', { name: 'No users found' })).toBeInViewport();
    await expectAccessible(page);
    await saveScreenshot(page, 'friends-find-first');
  });

  test('lists notifications, marks them read one by one and all at once, and the header badge drops', async ({
    user: a,
    newUser,
    viewportName,
    expectAccessible,
    saveScreenshot,
  }) => {
    const b = await newUser('nob');
    await makeFriends(a, b); // A: "friend request accepted"
    const shro = await createShroViaApi(a.context, {
      title: 'Movie night pick',
      type: 'text',
      recipients: [b.id],
      textOptions: textOptions('Pizza', 'Tacos', 'Sushi', 'Curry'),
    }); // A: "First Shro" unlocked
    await selectViaApi(b.context, shro, 1); // A: "Box opened!" (shro_selected)

    const page = await a.context.newPage();
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Notifications' });
    const unread = list.getByText('New', { exact: true });
    await expect(unread).toHaveCount(3);
    await expect.poll(() => headerBadge(page, viewportName)).toBe('3');
    const unlocked = list.getByRole('listitem').filter({ hasText: 'Achievement Unlocked!' });
    await expect(unlocked.getByText(/First Shro/)).toHaveCount(1);

    const opened = list.getByRole('listitem').filter({ hasText: 'Box opened!' });
    await expect(opened.getByRole('link', { name: 'View Shro' })).toHaveAttribute('href', `/session/${shro.id}`);
    await expect(opened.getByRole('link', { name: 'View Result' })).toHaveAttribute(
      'href',
      `/session/${shro.id}?view=result`,
    );
    const accepted = list.getByRole('listitem').filter({ hasText: 'Friend request accepted' });
    await expect(accepted.getByRole('link', { name: 'View Result' })).toHaveCount(0);
    // Issue "second walk", item 15: compact cards, several a screen even on a phone.
    for (const item of await list.getByRole('listitem').all()) {
      expect((await item.boundingBox())!.height).toBeLessThanOrEqual(124);
    }
    await expectAccessible(page);
    await saveScreenshot(page, 'notifications');

    await accepted.getByRole('button', { name: 'Mark as read' }).click();
    await expect(unread).toHaveCount(2);
    await expect.poll(() => headerBadge(page, viewportName)).toBe('2');

    await page.getByRole('button', { name: 'Mark All Read' }).click();
    await expect(unread).toHaveCount(0);
    await expect.poll(() => headerBadge(page, viewportName)).toBe(null);
    await expect(page.getByRole('button', { name: 'Mark All Read' })).toBeDisabled();
    await page.reload();
    await expect(page.getByText("You're all caught up")).toBeVisible();
    await expect(unread).toHaveCount(0);
    await saveScreenshot(page, 'notifications-read');

    // B received the Shro: the notification links to it, with no result link.
    const pageB = await b.context.newPage();
    await pageB.goto('/notifications');
    const received = pageB
      .getByRole('list', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'New Shro!' });
    await expect(received.getByRole('link', { name: 'View Shro' })).toHaveAttribute('href', `/session/${shro.id}`);
    await expect(received.getByRole('link', { name: 'View Result' })).toHaveCount(0);

    const fresh = await newUser('fresh');
    const empty = await fresh.context.newPage();
    await empty.goto('/notifications');
    await expect(empty.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();
    await expectAccessible(empty);
    await saveScreenshot(empty, 'notifications-empty');
  });

  test('edits the profile, Cancel discards the changes and the chosen image, and the photo can be removed', async ({
    user,
    expectAccessible,
    saveScreenshot,
  }) => {
    const page = await user.context.newPage();
    await page.goto('/profile');
    const heading = (name: string) => page.getByRole('heading', { name, level: 1 });
    await expect(heading(user.username)).toBeVisible();
    await expect(page.getByText(user.id, { exact: true })).toBeVisible();
    await expect(page.getByText('Member since').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /View all/ })).toHaveAttribute('href', '/achievements');
    await expect(page.getByText('Shros Created')).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'profile');

    // Cancel throws away typed names and the chosen picture.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly');
    await page.getByLabel('First name').fill('Temporary');
    const image = page.getByLabel('Profile image');
    await image.setInputFiles({ name: 'me.svg', mimeType: 'image/svg+xml', buffer: avatarSvg });
    await expect(page.locator('form img[src^="blob:"]')).toHaveCount(1);
    await expectAccessible(page);
    await saveScreenshot(page, 'profile-edit');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(heading(user.username)).toBeVisible();
    await expect(page.locator('img[src^="blob:"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByLabel('First name')).toHaveValue('');
    await expect(page.locator('form img')).toHaveCount(0);

    // A file that is not an image is refused before upload.
    await image.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByRole('alert').filter({ hasText: 'Please select an image file.' })).toHaveCount(1);

    // Saving sends names and the picture.
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await image.setInputFiles({ name: 'me.svg', mimeType: 'image/svg+xml', buffer: avatarSvg });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile updated!');
    await expect(heading('Ada Lovelace')).toBeVisible();
    await expect(page.locator('img[src^="/api/uploads/"]').first()).toBeVisible();
    await saveScreenshot(page, 'profile-saved');

    // Remove photo shows the initial at once, can be undone, and takes effect on save.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('button', { name: 'Remove photo' }).click();
    await expect(page.locator('form img')).toHaveCount(0);
    await expect(page.getByText('Your photo will be removed when you save.')).toBeVisible();
    await page.getByRole('button', { name: 'Keep photo' }).click();
    await expect(page.locator('form img[src^="/api/uploads/"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Remove photo' }).click();
    await expectAccessible(page);
    await saveScreenshot(page, 'profile-remove-photo');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile updated!');
    await expect(heading('Ada Lovelace')).toBeVisible();
    await expect(page.locator('img[src^="/api/uploads/"]')).toHaveCount(0);
    const me = await (await user.context.request.get('/api/auth/user')).json();
    expect(me.profileImageUrl).toBeNull();
  });

  test('shows public profiles to visitors, to other members with a friend button, and User Not Found', async ({
    user: owner,
    newUser,
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await writeViaApi(owner.context, 'patch', '/api/profile', { firstName: 'Grace', lastName: 'Hopper' });

    // `page` is a visitor's.
    await page.goto(`/@${owner.username}`);
    await expect(page.getByRole('heading', { name: 'Grace Hopper', level: 1 })).toBeVisible();
    await expect(page.getByText(`@${owner.username}`).first()).toBeVisible();
    await expect(page.getByText(/Member since/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Friend' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign Up', exact: true })).toHaveAttribute(
      'href',
      `/register?redirect=${encodeURIComponent(`/@${owner.username}`)}`,
    );
    await expect(page.getByRole('heading', { name: /^Achievements/ })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'public-profile-visitor');

    const member = await newUser('mem');
    const memberPage = await member.context.newPage();
    await memberPage.goto(`/@${owner.username}`);
    await memberPage.getByRole('button', { name: 'Add Friend' }).click();
    await expectToast(memberPage, 'Friend request sent!');
    await expect(memberPage.getByRole('button', { name: 'Pending' })).toBeVisible();
    await expect(memberPage.getByRole('link', { name: 'Sign Up', exact: true })).toHaveCount(0);
    await expectAccessible(memberPage);
    await saveScreenshot(memberPage, 'public-profile-member');

    // The owner sees Accept on the asker's profile; accepting turns it into Friends with Unfriend.
    const ownerPage = await owner.context.newPage();
    await ownerPage.goto(`/@${member.username}`);
    await ownerPage.getByRole('button', { name: 'Accept' }).click();
    await expectToast(ownerPage, 'Friend request accepted!');
    await ownerPage.getByRole('button', { name: 'Unfriend' }).click();
    await ownerPage
      .getByRole('alertdialog', { name: `Unfriend @${member.username}?` })
      .getByRole('button', { name: 'Unfriend' })
      .click();
    await expectToast(ownerPage, 'Friend removed');
    await expect(ownerPage.getByRole('button', { name: 'Add Friend' })).toBeVisible();

    // Your own public profile offers Edit Profile instead of a friend button.
    await ownerPage.goto(`/@${owner.username}`);
    await expect(ownerPage.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
    await expect(ownerPage.getByRole('button', { name: 'Add Friend' })).toHaveCount(0);

    await page.goto('/@nobody_by_this_name');
    await expect(page.getByRole('heading', { name: 'User Not Found' })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'user-not-found');
  });
});
