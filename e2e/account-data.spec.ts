import fs from 'node:fs';
import { EXPORT_HTML_NAME, EXPORT_JSON_NAME } from '../contract/account';
import { readZip } from '../server/test/zip';
import { expect, test } from './fixtures';
import { createShroViaApi, textOptions, writeViaApi } from './support/api';
import { expectToast } from './support/page';

/**
 * Issue 11, items 15 and 16 (docs/decisions/114-account-export.md, 115-account-deletion-tombstone.md):
 * the "Your data" section of Settings.
 */

test.describe('your data', () => {
  test('downloads my data as a ZIP that opens and holds my Shros and messages', async ({
    user,
    friend,
    expectAccessible,
    saveScreenshot,
  }) => {
    const shro = await createShroViaApi(user.context, {
      title: 'Export me',
      type: 'text',
      isShareable: true,
      textOptions: textOptions('Tea', 'Coffee'),
    });
    await writeViaApi(user.context, 'post', '/api/chat/send', {
      recipientId: friend.id,
      content: 'see you at the export',
      messageType: 'plain',
    });

    const page = await user.context.newPage();
    await page.goto('/settings');
    const heading = page.getByRole('heading', { name: 'Your data' });
    await heading.scrollIntoViewIfNeeded();
    await expect(heading).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'settings-your-data');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^shro-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await readZip(fs.readFileSync((await download.path())!));
    const data = JSON.parse(files.get(EXPORT_JSON_NAME)!.toString('utf8'));
    expect(data.profile.username).toBe(user.username);
    expect(data.shrosCreated.map((s: { id: string; title: string }) => s.title)).toEqual(['Export me']);
    expect(data.shrosCreated[0].id).toBe(shro.id);
    expect(data.messages.map((m: { content: string }) => m.content)).toEqual(['see you at the export']);
    expect(data.friends.map((f: { username: string }) => f.username)).toEqual([friend.username]);
    // Other people by username only, and a page a person can read.
    expect(files.get(EXPORT_JSON_NAME)!.toString('utf8')).not.toContain(friend.id);
    const readable = files.get(EXPORT_HTML_NAME)!.toString('utf8');
    expect(readable).toContain(`<title>Your Shro data</title>`);
    expect(readable).toContain('see you at the export');
    expect(readable).not.toContain(friend.id);
    await expectToast(page, 'Your data is downloading');
  });

  test('deleting the account signs out to the home page; the friend\'s chat shows "deleted user"', async ({
    user,
    friend,
    expectAccessible,
    saveScreenshot,
  }) => {
    await writeViaApi(user.context, 'post', '/api/chat/send', {
      recipientId: friend.id,
      content: 'bye for now',
      messageType: 'plain',
    });

    const page = await user.context.newPage();
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('deletes every Shro you created');
    await expect(dialog).toContainText('signs you out on every device');
    await expectAccessible(page);
    await saveScreenshot(page, 'delete-account-dialog');

    // A wrong password is said on the field, and nothing happens.
    await dialog.getByLabel('Your password, to confirm').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Password is incorrect')).toBeVisible();
    expect((await user.context.request.get('/api/auth/user')).status()).toBe(200);

    await dialog.getByLabel('Your password, to confirm').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await user.context.request.get('/api/auth/user')).status()).toBe(401);
    // The landing page says it worked, in a status region screen readers announce; once only.
    await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'account-deleted-landing');
    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    await expect(page.getByText('Your account has been deleted.')).toHaveCount(0);

    // The friend still reads the conversation, with a deleted user on the other side.
    const friendPage = await friend.context.newPage();
    await friendPage.goto(`/chat?with=${user.id}`);
    const chat = friendPage.getByRole('region', { name: 'Chat with deleted user' });
    await expect(chat.getByText('bye for now')).toBeVisible();
    await expect(chat.getByText('Account deleted')).toBeVisible();
    await expect(
      chat.getByText("This account was deleted. You can still read your messages, but you can't reply."),
    ).toBeVisible();
    await expect(chat.getByRole('link', { name: /deleted user/ })).toHaveCount(0);
    await expect(friendPage.getByText(user.username)).toHaveCount(0);
    await expectAccessible(friendPage);
    await saveScreenshot(friendPage, 'chat-with-deleted-user');

    await friendPage.goto('/chat');
    await expect(friendPage.getByRole('list', { name: 'Conversations' })).toContainText('deleted user');
  });
});
