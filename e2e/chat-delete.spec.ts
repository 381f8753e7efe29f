import { expect, type SignedInUser, test } from './fixtures';
import { writeViaApi } from './support/api';
import { expectToast } from './support/page';

/** Issue 14, item 17: "Delete conversation" hides it for the deleting side only. */
test('deleting a conversation asks first, removes it for me only, and a new message brings it back', async ({
  user: me,
  friend: them,
  expectAccessible,
  saveScreenshot,
}) => {
  const say = (from: SignedInUser, to: SignedInUser, content: string) =>
    writeViaApi(from.context, 'post', '/api/chat/send', { recipientId: to.id, content });
  await say(them, me, 'Old secret plan');
  await say(me, them, 'Sounds good');

  const page = await me.context.newPage();
  await page.goto(`/chat?with=${them.id}`);
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByText('Old secret plan')).toBeVisible();

  await page.getByRole('button', { name: 'Conversation options' }).click();
  await page.getByRole('menuitem', { name: 'Delete conversation' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete your conversation with ${them.username}?` });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(`${them.username} keeps theirs`);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await saveScreenshot(page, 'chat-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Conversation deleted');
  await expect(page).toHaveURL((url) => !url.searchParams.has('with'));
  const conversations = page.getByRole('list', { name: 'Conversations' });
  await expect(conversations.getByText(them.username)).toHaveCount(0);
  // They stay a friend to start a new chat with.
  await expect(page.getByRole('list', { name: 'Friends to chat with' }).getByText(them.username).first()).toBeVisible();
  await saveScreenshot(page, 'chat-deleted');

  // The other side keeps every message.
  const theirs = (await (await them.context.request.get(`/api/chat/${me.id}`)).json()) as { content: string }[];
  expect(theirs.map((m) => m.content)).toEqual(['Old secret plan', 'Sounds good']);

  // A new message shows the conversation again, with only what came after the delete.
  await say(them, me, 'New plan?');
  await page.reload();
  await expect(conversations.getByText('New plan?')).toBeVisible();
  await conversations.getByRole('link').filter({ hasText: them.username }).first().click();
  await expect(messages.getByText('New plan?')).toBeVisible();
  await expect(messages.getByText('Old secret plan')).toHaveCount(0);
});
