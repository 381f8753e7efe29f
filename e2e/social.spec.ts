import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  expectAccessible,
  launchBrowser,
  newContext,
  registerViaApi,
  screenshot,
  uniqueName,
  type ViewportName,
} from './support/browser';
import { avatarSvg, createShroFor, expectToast, makeFriends, openFirstBox } from './support/social';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Pages load lazily and data arrives by polling: give every wait up to 10 s. */
const poll = <T>(fn: () => Promise<T> | T, options: { timeout?: number } = {}) =>
  expect.poll(fn, { timeout: 10_000, ...options });

/** The header's notification count: the account menu on desktop ("9+" capped), the menu button on phones. */
async function headerBadge(page: Page, viewport: ViewportName): Promise<string | null> {
  const banner = page.getByRole('banner');
  const badge =
    viewport === 'desktop'
      ? banner.locator('[aria-label$=" unread"]')
      : banner.getByRole('button', { name: 'Open menu' }).locator('span');
  return (await badge.count()) > 0 ? badge.first().textContent() : null;
}

const row = (page: Page, listName: string, text: string) =>
  page.getByRole('list', { name: listName, exact: true }).getByRole('listitem').filter({ hasText: text });

describe.each<ViewportName>(['mobile', 'desktop'])('social on %s', (viewport) => {
  it('two people become friends through the UI, chat with ticks turning to read, and send a Shro', async () => {
    const contextA = await newContext(browser, viewport);
    const contextB = await newContext(browser, viewport);
    const a = await registerViaApi(contextA, uniqueName('amy'));
    const b = await registerViaApi(contextB, uniqueName('ben'));
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();

    // A finds B and asks.
    await pageA.goto('/friends');
    await poll(() => pageA.getByRole('heading', { name: 'Friends', level: 1 }).isVisible()).toBe(true);
    expect(await pageA.getByLabel('Profile link', { exact: true }).inputValue()).toBe(`${baseURL()}/@${a.username}`);
    expect(await pageA.getByRole('button', { name: 'Update' }).isDisabled()).toBe(true);
    await pageA.getByLabel('New username').fill('   ');
    expect(await pageA.getByRole('button', { name: 'Update' }).isDisabled()).toBe(true);
    await pageA.getByLabel('New username').fill('');
    await pageA.getByRole('button', { name: 'Copy profile link' }).click();
    await expectToast(pageA, 'Link copied!');
    await poll(() => pageA.getByRole('heading', { name: 'No friends yet' }).isVisible()).toBe(true);
    await expectAccessible(pageA);
    await screenshot(pageA, `friends-empty-${viewport}`);

    await pageA.getByRole('tab', { name: /Find Friends/ }).click();
    await pageA.getByLabel('Search by username').fill(b.username);
    const resultB = row(pageA, 'Search results', `@${b.username}`);
    await poll(() => resultB.getByRole('button', { name: 'Add Friend' }).isVisible()).toBe(true);
    await resultB.getByRole('button', { name: 'Add Friend' }).click();
    await expectToast(pageA, 'Friend request sent!');
    await poll(() => resultB.getByText('Pending').isVisible()).toBe(true);
    await expectAccessible(pageA);
    await screenshot(pageA, `friends-search-${viewport}`);

    await pageA.getByRole('tab', { name: /Requests/ }).click();
    await poll(() => row(pageA, 'Sent requests', `@${b.username}`).getByText('Pending').isVisible()).toBe(true);

    // B accepts from the Requests tab.
    await pageB.goto('/friends?tab=requests');
    const requestA = row(pageB, 'Received requests', `@${a.username}`);
    await poll(() => requestA.getByRole('button', { name: 'Accept' }).isVisible()).toBe(true);
    await expectAccessible(pageB);
    await screenshot(pageB, `friends-requests-${viewport}`);
    await requestA.getByRole('button', { name: 'Accept' }).click();
    await expectToast(pageB, 'Friend request accepted!');
    await expectToast(pageB, 'You are now friends');
    await pageB.getByRole('tab', { name: /^Friends/ }).click();
    const friendA = row(pageB, 'Friends', `@${a.username}`);
    await poll(() => friendA.getByRole('link', { name: 'Send Shro' }).getAttribute('href')).toBe(
      `/create?friendId=${a.user.id}`,
    );
    await expectAccessible(pageB);
    await screenshot(pageB, `friends-list-${viewport}`);

    // A opens a chat with B from the friends list of the chat page.
    await pageA.goto('/chat');
    await poll(() => pageA.getByRole('heading', { name: 'Messages', level: 1 }).isVisible()).toBe(true);
    await expectAccessible(pageA);
    await pageA
      .getByRole('list', { name: 'Friends to chat with' })
      .getByRole('link', { name: new RegExp(b.username) })
      .click();
    await pageA.waitForURL((url) => url.searchParams.get('with') === b.user.id);
    if (viewport === 'mobile') {
      // One screen at a time on phones.
      await poll(() => pageA.getByRole('complementary', { name: 'Conversation list' }).isVisible()).toBe(false);
      // The chat fits the phone's width: nothing hides off to the right.
      const pane = await pageA.getByRole('region', { name: /^Chat with / }).boundingBox();
      expect(pane!.x + pane!.width).toBeLessThanOrEqual(390);
    }
    const composerA = pageA.getByLabel(/^Message /);
    await composerA.fill('Hello Ben');
    await composerA.press('Shift+Enter');
    await composerA.pressSequentially('second line');
    expect(await composerA.inputValue()).toBe('Hello Ben\nsecond line');
    await composerA.press('Enter');
    const messagesA = pageA.getByRole('list', { name: 'Messages' });
    await poll(() => messagesA.getByText('second line').isVisible()).toBe(true);
    expect(await composerA.inputValue()).toBe('');
    // Whitespace alone is never sent.
    await composerA.fill('   ');
    expect(await pageA.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    await composerA.press('Enter');
    await poll(() => messagesA.getByRole('listitem').count()).toBe(1);
    await composerA.fill('');
    await poll(() => messagesA.getByRole('img', { name: /^(Sent|Delivered)$/ }).count()).toBe(1);

    // B sees the unread conversation, with A online, and reads it.
    await pageB.goto('/chat');
    const conversationA = pageB
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(a.username) });
    await poll(() => conversationA.getByLabel('1 unread').isVisible()).toBe(true);
    await poll(() => conversationA.getByText('Online').count()).toBe(1);
    await expectAccessible(pageB);
    await screenshot(pageB, `chat-list-${viewport}`);
    await conversationA.click();
    const messagesB = pageB.getByRole('list', { name: 'Messages' });
    await poll(() => messagesB.getByText('second line').isVisible()).toBe(true);
    const composerB = pageB.getByLabel(/^Message /);
    await composerB.fill('Hi Amy! 👋');
    await composerB.press('Enter');
    await poll(() => messagesB.getByText('Hi Amy! 👋').isVisible()).toBe(true);

    // A's tick turns to read and B's reply arrives, both by polling.
    await poll(() => messagesA.getByRole('img', { name: 'Read' }).count()).toBe(1);
    await poll(() => messagesA.getByText('Hi Amy! 👋').isVisible()).toBe(true);
    await expectAccessible(pageA);
    await screenshot(pageA, `chat-conversation-${viewport}`);

    // Delete conversation asks first (issue 14, item 17; the delete itself: chat-delete.spec.ts).
    await pageA.getByRole('button', { name: 'Conversation options' }).click();
    await pageA.getByRole('menuitem', { name: 'Delete conversation' }).click();
    const deleteConfirm = pageA.getByRole('alertdialog', { name: /^Delete your conversation with / });
    await poll(() => deleteConfirm.isVisible()).toBe(true);
    await deleteConfirm.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => deleteConfirm.count()).toBe(0);
    expect(await messagesA.getByText('Hi Amy! 👋').isVisible()).toBe(true);

    // A sends B a Shro from the chat: the link leads to the create page with B prefilled.
    const sendShro = pageA.getByRole('link', { name: 'Send Shro' });
    expect(await sendShro.getAttribute('href')).toBe(`/create?friendUsername=${b.username}`);
    await sendShro.click();
    await pageA.waitForURL(
      (url) => url.pathname === '/create' && url.searchParams.get('friendUsername') === b.username,
    );
    // The create page knows B already: a private Shro straight to them.
    await poll(() => pageA.getByText(`Sending privately to @${b.username}`).first().isVisible()).toBe(true);
    await pageA.getByRole('button', { name: /Custom Text/ }).click();
    await poll(() => pageA.getByRole('checkbox', { name: `@${b.username}` }).isChecked()).toBe(true);
    await pageA.getByLabel('Title').fill('Dinner tonight?');
    await pageA.getByLabel('Option A').fill('Ramen');
    await pageA.getByLabel('Option B').fill('Tapas');
    await pageA.getByRole('button', { name: 'Create Shro' }).click();
    await pageA.waitForURL(/\/session\/[\w-]+$/);
    const shroId = new URL(pageA.url()).pathname.split('/').pop()!;

    // B hears about it, and it shows in their chat with A as a card.
    await pageB.goto('/notifications');
    const received = pageB
      .getByRole('list', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'Dinner tonight?' });
    await poll(() => received.getByRole('link', { name: 'View Shro' }).getAttribute('href')).toBe(`/session/${shroId}`);
    await pageB.goto(`/chat?with=${a.user.id}`);
    await poll(() => messagesB.getByText('Dinner tonight?').isVisible()).toBe(true);
    await poll(() => messagesB.getByRole('link', { name: /View Shro/ }).getAttribute('href')).toBe(
      `/session/${shroId}`,
    );
    await screenshot(pageB, `chat-shro-share-${viewport}`);
    await messagesB.getByRole('link', { name: /View Shro/ }).click();
    await pageB.waitForURL((url) => url.pathname === `/session/${shroId}`);
    await pageB.goBack();
    await pageB.waitForURL((url) => url.pathname === '/chat');

    if (viewport === 'mobile') {
      await pageB.getByRole('link', { name: 'Back to conversations' }).click();
      await pageB.waitForURL((url) => url.pathname === '/chat' && !url.searchParams.has('with'));
      await poll(() => pageB.getByRole('heading', { name: 'Messages', level: 1 }).isVisible()).toBe(true);
    }

    // Unfriending from the list asks first (issue 14, item 14): Cancel keeps the friendship.
    await pageB.goto('/friends');
    const unfriend = row(pageB, 'Friends', `@${a.username}`).getByRole('button', { name: /Unfriend/ });
    await unfriend.click();
    const confirm = pageB.getByRole('alertdialog', { name: `Unfriend @${a.username}?` });
    await poll(() => confirm.isVisible()).toBe(true);
    expect(await pageB.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await expectAccessible(pageB);
    await screenshot(pageB, `friends-unfriend-confirm-${viewport}`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => confirm.count()).toBe(0);
    const friendsOfB = async () =>
      ((await (await contextB.request.get('/api/friends')).json()) as { id: string }[]).map((f) => f.id);
    expect(await friendsOfB()).toContain(a.user.id);
    expect(await unfriend.isVisible()).toBe(true);
    await unfriend.click();
    await confirm.getByRole('button', { name: 'Unfriend' }).click();
    await expectToast(pageB, 'Friend removed');
    expect(await friendsOfB()).not.toContain(a.user.id);
    await poll(() => pageB.getByRole('heading', { name: 'No friends yet' }).isVisible()).toBe(true);

    await contextA.close();
    await contextB.close();
  });

  it('declines a request and shows the right action for each search result', async () => {
    const context = await newContext(browser, viewport);
    const other = await newContext(browser, viewport);
    const prefix = uniqueName('zed').slice(0, 12);
    const me = await registerViaApi(context, `${prefix}_me`);
    const asker = await registerViaApi(other, `${prefix}_ask`);
    const page = await context.newPage();
    await other.request.post('/api/friends/request', {
      data: { friendId: me.user.id },
      headers: { origin: baseURL() },
    });

    await page.goto('/friends?tab=find');
    await page.getByLabel('Search by username').fill(prefix);
    const result = row(page, 'Search results', `@${asker.username}`);
    await poll(() => result.getByRole('button', { name: 'Decline' }).isVisible()).toBe(true);
    expect(await result.getByRole('button', { name: 'Accept' }).isVisible()).toBe(true);
    // Yourself is never a result.
    expect(await row(page, 'Search results', `@${me.username}`).count()).toBe(0);
    await result.getByRole('button', { name: 'Decline' }).click();
    await expectToast(page, 'Friend request declined');
    await poll(() => result.getByRole('button', { name: 'Add Friend' }).isVisible()).toBe(true);

    await page.getByLabel('Search by username').fill('no_such_user_anywhere');
    await poll(() => page.getByRole('heading', { name: 'No users found' }).isVisible()).toBe(true);

    // The username card: a taken name fails with the server's message; a free one is saved.
    await page.getByLabel('New username').fill(asker.username);
    await page.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'Username is already taken');
    const renamed = `${prefix}_new`;
    await page.getByLabel('New username').fill(`  ${renamed}  `);
    await page.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'Username updated!');
    await poll(() => page.getByLabel('Profile link', { exact: true }).inputValue()).toBe(`${baseURL()}/@${renamed}`);
    expect(await page.getByLabel('New username').inputValue()).toBe('');
    await context.close();
    await other.close();
  });

  it('lists notifications, marks them read one by one and all at once, and the header badge drops', async () => {
    const contextA = await newContext(browser, viewport);
    const contextB = await newContext(browser, viewport);
    const a = await registerViaApi(contextA, uniqueName('nia'));
    const b = await registerViaApi(contextB, uniqueName('nob'));
    await makeFriends(contextA, contextB, a.user.id, b.user.id); // A: "friend request accepted"
    const shroId = await createShroFor(contextA, b.user.id, 'Movie night pick'); // A: "First Shro" unlocked
    await openFirstBox(contextB, shroId); // A: "Box opened!" (shro_selected)

    const page = await contextA.newPage();
    await page.goto('/notifications');
    await poll(() => page.getByRole('heading', { name: 'Notifications', level: 1 }).isVisible()).toBe(true);
    const list = page.getByRole('list', { name: 'Notifications' });
    await poll(() => list.getByText('New', { exact: true }).count()).toBe(3);
    await poll(() => headerBadge(page, viewport)).toBe('3');
    const unlocked = list.getByRole('listitem').filter({ hasText: 'Achievement Unlocked!' });
    expect(await unlocked.getByText(/First Shro/).count()).toBe(1);

    const opened = list.getByRole('listitem').filter({ hasText: 'Box opened!' });
    expect(await opened.getByRole('link', { name: 'View Shro' }).getAttribute('href')).toBe(`/session/${shroId}`);
    expect(await opened.getByRole('link', { name: 'View Result' }).getAttribute('href')).toBe(
      `/session/${shroId}?view=result`,
    );
    const accepted = list.getByRole('listitem').filter({ hasText: 'Friend request accepted' });
    expect(await accepted.getByRole('link', { name: 'View Result' }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, `notifications-${viewport}`);

    await accepted.getByRole('button', { name: 'Mark as read' }).click();
    await poll(() => list.getByText('New', { exact: true }).count()).toBe(2);
    await poll(() => headerBadge(page, viewport)).toBe('2');

    await page.getByRole('button', { name: 'Mark All Read' }).click();
    await poll(() => list.getByText('New', { exact: true }).count()).toBe(0);
    await poll(() => headerBadge(page, viewport)).toBe(null);
    expect(await page.getByRole('button', { name: 'Mark All Read' }).isDisabled()).toBe(true);
    await page.reload();
    await poll(() => page.getByText("You're all caught up").isVisible()).toBe(true);
    await poll(() => list.getByText('New', { exact: true }).count()).toBe(0);
    await screenshot(page, `notifications-read-${viewport}`);

    // B received the Shro: the notification links to it, with no result link.
    const pageB = await contextB.newPage();
    await pageB.goto('/notifications');
    const received = pageB
      .getByRole('list', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'New Shro!' });
    await poll(() => received.getByRole('link', { name: 'View Shro' }).getAttribute('href')).toBe(`/session/${shroId}`);
    expect(await received.getByRole('link', { name: 'View Result' }).count()).toBe(0);

    const fresh = await newContext(browser, viewport);
    await registerViaApi(fresh);
    const empty = await fresh.newPage();
    await empty.goto('/notifications');
    await poll(() => empty.getByRole('heading', { name: 'No notifications yet' }).isVisible()).toBe(true);
    await expectAccessible(empty);
    await screenshot(empty, `notifications-empty-${viewport}`);

    await contextA.close();
    await contextB.close();
    await fresh.close();
  });

  it('edits the profile, Cancel discards the changes and the chosen image, and the photo can be removed', async () => {
    const context = await newContext(browser, viewport);
    const { user, username } = await registerViaApi(context, uniqueName('pro'));
    const page = await context.newPage();
    await page.goto('/profile');
    await poll(() => page.getByRole('heading', { name: username, level: 1 }).isVisible()).toBe(true);
    expect(await page.getByText(user.id, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Member since').first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /View all/ }).getAttribute('href')).toBe('/achievements');
    await poll(() => page.getByText('Shros Created').isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, `profile-${viewport}`);

    // Cancel throws away typed names and the chosen picture.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('First name').fill('Temporary');
    await page
      .getByLabel('Profile image')
      .setInputFiles({ name: 'me.svg', mimeType: 'image/svg+xml', buffer: avatarSvg });
    await poll(() => page.locator('form img[src^="blob:"]').count()).toBe(1);
    await expectAccessible(page);
    await screenshot(page, `profile-edit-${viewport}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => page.getByRole('heading', { name: username, level: 1 }).isVisible()).toBe(true);
    expect(await page.locator('img[src^="blob:"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await page.getByLabel('First name').inputValue()).toBe('');
    expect(await page.locator('form img').count()).toBe(0);

    // A file that is not an image is refused before upload.
    await page
      .getByLabel('Profile image')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await poll(() => page.getByRole('alert').filter({ hasText: 'Please select an image file.' }).count()).toBe(1);

    // Saving sends names and the picture.
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page
      .getByLabel('Profile image')
      .setInputFiles({ name: 'me.svg', mimeType: 'image/svg+xml', buffer: avatarSvg });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile updated!');
    await poll(() => page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).isVisible()).toBe(true);
    await poll(() => page.locator('img[src^="/api/uploads/"]').count()).toBeGreaterThan(0);
    await screenshot(page, `profile-saved-${viewport}`);

    // Remove photo shows the initial at once, can be undone, and takes effect on save.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('button', { name: 'Remove photo' }).click();
    await poll(() => page.locator('form img').count()).toBe(0);
    expect(await page.getByText('Your photo will be removed when you save.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Keep photo' }).click();
    await poll(() => page.locator('form img[src^="/api/uploads/"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Remove photo' }).click();
    await expectAccessible(page);
    await screenshot(page, `profile-remove-photo-${viewport}`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile updated!');
    await poll(() => page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).isVisible()).toBe(true);
    await poll(() => page.locator('img[src^="/api/uploads/"]').count()).toBe(0);
    const me = await (await context.request.get('/api/auth/user')).json();
    expect(me.profileImageUrl).toBeNull();
    await context.close();
  });

  it('shows public profiles to visitors, to other members with a friend button, and User Not Found', async () => {
    const ownerContext = await newContext(browser, viewport);
    const owner = await registerViaApi(ownerContext, uniqueName('pub'));
    await ownerContext.request.patch('/api/profile', {
      headers: { origin: baseURL() },
      data: { firstName: 'Grace', lastName: 'Hopper' },
    });

    const visitor = await newContext(browser, viewport);
    const page = await visitor.newPage();
    await page.goto(`/@${owner.username}`);
    await poll(() => page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByText(`@${owner.username}`).first().isVisible()).toBe(true);
    expect(await page.getByText(/Member since/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add Friend' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sign Up', exact: true }).getAttribute('href')).toBe(
      `/register?redirect=${encodeURIComponent(`/@${owner.username}`)}`,
    );
    expect(await page.getByRole('heading', { name: /^Achievements/ }).isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, `public-profile-visitor-${viewport}`);

    const member = await newContext(browser, viewport);
    await registerViaApi(member);
    const memberPage = await member.newPage();
    await memberPage.goto(`/@${owner.username}`);
    await memberPage.getByRole('button', { name: 'Add Friend' }).click();
    await expectToast(memberPage, 'Friend request sent!');
    await poll(() => memberPage.getByRole('button', { name: 'Pending' }).isVisible()).toBe(true);
    expect(await memberPage.getByRole('link', { name: 'Sign Up', exact: true }).count()).toBe(0);
    await expectAccessible(memberPage);
    await screenshot(memberPage, `public-profile-member-${viewport}`);

    // The owner sees Accept on the asker's profile; accepting turns it into Friends with Unfriend.
    const me = await member.request.get('/api/auth/user');
    const memberUser = (await me.json()) as { username: string };
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`/@${memberUser.username}`);
    await ownerPage.getByRole('button', { name: 'Accept' }).click();
    await expectToast(ownerPage, 'Friend request accepted!');
    await poll(() => ownerPage.getByRole('button', { name: 'Unfriend' }).isVisible()).toBe(true);
    await ownerPage.getByRole('button', { name: 'Unfriend' }).click();
    await ownerPage
      .getByRole('alertdialog', { name: `Unfriend @${memberUser.username}?` })
      .getByRole('button', { name: 'Unfriend' })
      .click();
    await expectToast(ownerPage, 'Friend removed');
    await poll(() => ownerPage.getByRole('button', { name: 'Add Friend' }).isVisible()).toBe(true);

    // Your own public profile offers Edit Profile instead of a friend button.
    await ownerPage.goto(`/@${owner.username}`);
    await poll(() => ownerPage.getByRole('link', { name: 'Edit Profile' }).isVisible()).toBe(true);
    expect(await ownerPage.getByRole('button', { name: 'Add Friend' }).count()).toBe(0);

    await page.goto('/@nobody_by_this_name');
    await poll(() => page.getByRole('heading', { name: 'User Not Found' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, `user-not-found-${viewport}`);

    await ownerContext.close();
    await visitor.close();
    await member.close();
  });
});
