import type { BrowserContext } from '@playwright/test';
import type { CreatedInvite } from '../contract/invites';
import { expect, test } from './fixtures';
import { baseURL, createShroViaApi, textOptions, uniqueName, writeViaApi } from './support/api';
import { copiedText, expectText, expectToast, recordClipboardWrites } from './support/page';

/** Invitations (issue 13 item 5, docs/decisions/124-invitations.md and 127-shro-carries-invite.md). */

const TOKEN_LINK = /\/invite\/[A-Za-z0-9_-]{43}$/;

async function friendNames(context: BrowserContext): Promise<string[]> {
  const response = await context.request.get('/api/friends');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { username: string }[]).map((u) => u.username);
}

/** Fills the sign-up form (already open) and sends it. */
async function signUp(page: import('@playwright/test').Page, username: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret123');
  await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

test.describe('invitations', () => {
  test('invite a friend → they sign up in another browser → both are friends, and the inviter is told', async ({
    user: alice,
    openContext,
    expectAccessible,
    saveScreenshot,
  }) => {
    // Two browsers: an invite, a sign-up, friends on both sides and the inviter's notification.
    test.slow();
    await recordClipboardWrites(alice.context, baseURL());
    const page = await alice.context.newPage();
    await page.goto('/friends?tab=find');
    const card = page.getByRole('region', { name: 'Friend not on Shro yet?' });
    await expect(card).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'invite-friends-find');

    await card.getByRole('button', { name: 'Invite a friend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a friend to Shro' });
    await expect(dialog).toBeVisible();
    const field = dialog.getByLabel('Invite link');
    await expect(field).toHaveValue(TOKEN_LINK);
    const link = await field.inputValue();
    expect(link.startsWith(`${baseURL()}/invite/`)).toBe(true);
    for (const app of ['WhatsApp', 'Telegram', 'SMS', 'Email']) {
      const href = await dialog.getByRole('link', { name: app }).getAttribute('href');
      expect(href, app).toContain(encodeURIComponent(link));
    }
    await expect(dialog.getByRole('link', { name: 'Messenger' })).toHaveCount(0);
    await expectAccessible(page);
    await saveScreenshot(page, 'invite-dialog');
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expectToast(page, 'Link copied!');
    expect(await copiedText(page)).toBe(link);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(card.getByText('Your invite links (1)')).toBeVisible();
    // Opening it again shares the same link.
    await card.getByRole('button', { name: 'Invite a friend' }).click();
    await expect(dialog.getByLabel('Invite link')).toHaveValue(link);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Someone without an account opens the link in their own browser.
    const visitor = await (await openContext()).newPage();
    await visitor.goto(link);
    await expect(
      visitor.getByRole('heading', { level: 1, name: `@${alice.username} invited you to Shro` }),
    ).toBeVisible();
    await expectText(visitor, /Shro is a game for deciding things with friends/);
    await expect(visitor).toHaveTitle(`@${alice.username} invited you - Shro`);
    await expect(visitor.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(new URL(link).pathname)}`,
    );
    await expectAccessible(visitor);
    await saveScreenshot(visitor, 'invite-landing');

    await visitor.getByRole('link', { name: 'Sign up', exact: true }).click();
    await expect(visitor).toHaveURL((url) => url.pathname === '/register');
    await expectText(visitor, 'invited you. Once you sign up, you two are friends.');
    await expectAccessible(visitor);
    await saveScreenshot(visitor, 'invite-register');
    const ben = uniqueName('ben');
    await signUp(visitor, ben);

    // The new member lands on Friends with the inviter already there.
    await expect(visitor).toHaveURL((url) => url.pathname === '/friends');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
    await expectText(visitor, `@${alice.username}`);
    await saveScreenshot(visitor, 'invite-new-member-friends');
    expect(await friendNames(visitor.context())).toEqual([alice.username]);

    // The inviter sees the new friend and the notification.
    expect(await friendNames(alice.context)).toEqual([ben]);
    await page.goto('/notifications');
    await expectText(page, `@${ben} joined Shro with your invite: you're friends now`);
    await expectAccessible(page);
    await saveScreenshot(page, 'invite-notification');
    await page.goto('/friends');
    await expectText(page, `@${ben}`);
  });

  test('someone signed in is offered a friend request, never befriended by the link; a revoked link says so', async ({
    user: alice,
    friend: bob,
    newUser,
    openContext,
    expectAccessible,
    saveScreenshot,
  }) => {
    const carol = await newUser('carol');
    const invite = (await writeViaApi(alice.context, 'post', '/api/invites', {})) as CreatedInvite;
    const path = new URL(invite.url, baseURL()).pathname;

    const page = await carol.context.newPage();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: `@${alice.username} invited you to Shro` })).toBeVisible();
    await expectText(page, "You already have an account, so this link doesn't make you friends by itself.");
    await expectAccessible(page);
    await saveScreenshot(page, 'invite-signed-in');
    expect(await friendNames(carol.context)).toEqual([]);
    await page.getByRole('button', { name: 'Add Friend' }).click();
    await expectToast(page, 'Friend request sent!');
    await expect(page.getByRole('button', { name: 'Pending' })).toBeVisible();
    expect(await friendNames(carol.context)).toEqual([]);

    const bobPage = await bob.context.newPage();
    await bobPage.goto(path);
    await expectText(bobPage, `You're already friends with @${alice.username}.`);
    await expect(bobPage.getByRole('link', { name: `Send @${alice.username} a Shro` })).toHaveAttribute(
      'href',
      `/create?friendId=${alice.id}`,
    );

    const revoked = await alice.context.request.delete(`/api/invites/${invite.id}`, { headers: { origin: baseURL() } });
    expect(revoked.ok()).toBe(true);
    const visitor = await (await openContext()).newPage();
    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { name: "This invite link doesn't work anymore" })).toBeVisible();
    await expectAccessible(visitor);
    await saveScreenshot(visitor, 'invite-not-working');
    // The sign-up form opened with it says so, and makes a plain account.
    await visitor.goto(`/register?invite=${invite.token}`);
    await expectText(visitor, "This invite link doesn't work anymore. You can still create an account");
    await signUp(visitor, uniqueName('dan'));
    await expect(visitor).toHaveURL((url) => url.pathname === '/');
    expect(await friendNames(visitor.context())).toEqual([]);
  });

  test('a link Shro shared by its creator carries the invite: signing up from it makes friends', async ({
    user: alice,
    openContext,
    expectAccessible,
    saveScreenshot,
  }) => {
    const shro = await createShroViaApi(alice.context, {
      title: 'Where do we eat tonight?',
      type: 'text',
      isShareable: true,
      textOptions: textOptions('Ramen', 'Tacos', 'Pizza'),
    });
    const invite = (await writeViaApi(alice.context, 'post', '/api/invites', { shroId: shro.id })) as CreatedInvite;
    const url = new URL(invite.url, baseURL());
    expect(url.pathname).toBe(`/session/${shro.id}`);

    const visitor = await (await openContext()).newPage();
    await visitor.goto(`${url.pathname}${url.search}`);
    await expect(visitor.getByRole('heading', { name: 'Join the Mystery' })).toBeVisible();
    await expectText(visitor, `you'll be friends with @${alice.username} right away`);
    await expectAccessible(visitor);
    await saveScreenshot(visitor, 'invite-shro-join');
    await visitor.getByRole('link', { name: 'Create Account' }).click();
    await expectText(visitor, 'invited you. Once you sign up, you two are friends.');
    const eve = uniqueName('eve');
    await signUp(visitor, eve);
    await expect(visitor).toHaveURL((u) => u.pathname === `/session/${shro.id}`);
    await expect(visitor.getByRole('heading', { name: 'Where do we eat tonight?' })).toBeVisible();
    expect(await friendNames(visitor.context())).toEqual([alice.username]);
    expect(await friendNames(alice.context)).toEqual([eve]);
  });
});
