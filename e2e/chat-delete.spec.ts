import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, launchBrowser, newContext, screenshot, type ViewportName } from './support/browser';
import { makeFriends, signedInUser } from './support/shros';
import { expectToast } from './support/social';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const poll = expect.poll;

/** Issue 14, item 17: "Delete conversation" hides it for the deleting side only. */
describe.each<ViewportName>(['mobile', 'desktop'])('delete conversation on %s', (viewport) => {
  it('asks first, removes the conversation for me only, and a new message brings it back', async () => {
    const open = () => newContext(browser, viewport);
    const me = await signedInUser(open, 'dcm');
    const them = await signedInUser(open, 'dct');
    await makeFriends(me.context, me.id, them.context, them.id);
    const say = async (from: typeof me, to: typeof me, content: string) => {
      const response = await from.context.request.post('/api/chat/send', {
        data: { recipientId: to.id, content },
        headers: { origin: baseURL() },
      });
      expect(response.ok(), await response.text()).toBe(true);
    };
    await say(them, me, 'Old secret plan');
    await say(me, them, 'Sounds good');

    const page = await me.context.newPage();
    await page.goto(`/chat?with=${them.id}`);
    const messages = page.getByRole('list', { name: 'Messages' });
    await poll(() => messages.getByText('Old secret plan').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Conversation options' }).click();
    await page.getByRole('menuitem', { name: 'Delete conversation' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete your conversation with ${them.username}?` });
    await poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.textContent()).toContain(`${them.username} keeps theirs`);
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await expectAccessible(page);
    await screenshot(page, `chat-delete-confirm-${viewport}`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Conversation deleted');
    await poll(() => new URL(page.url()).searchParams.has('with')).toBe(false);
    const conversations = page.getByRole('list', { name: 'Conversations' });
    expect(await conversations.getByText(them.username).count()).toBe(0);
    // They stay a friend to start a new chat with.
    await poll(() =>
      page.getByRole('list', { name: 'Friends to chat with' }).getByText(them.username).first().isVisible(),
    ).toBe(true);
    await screenshot(page, `chat-deleted-${viewport}`);

    // The other side keeps every message.
    const theirs = (await (await them.context.request.get(`/api/chat/${me.id}`)).json()) as { content: string }[];
    expect(theirs.map((m) => m.content)).toEqual(['Old secret plan', 'Sounds good']);

    // A new message shows the conversation again, with only what came after the delete.
    await say(them, me, 'New plan?');
    await page.reload();
    await poll(() => conversations.getByText('New plan?').isVisible()).toBe(true);
    await conversations.getByRole('link').filter({ hasText: them.username }).first().click();
    await poll(() => messages.getByText('New plan?').isVisible()).toBe(true);
    expect(await messages.getByText('Old secret plan').count()).toBe(0);

    await me.context.close();
    await them.context.close();
  });
});
