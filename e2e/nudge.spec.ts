import { expect, test } from './fixtures';
import { createShroViaApi, makeFriends, selectViaApi, textOptions } from './support/api';
import { expectToast } from './support/page';

test.describe('nudges (issue 40)', () => {
  test('the creator nudges who has not opened a private Shro; they see it in their notifications', async ({
    user: ana,
    friend: ben,
    newUser,
    expectAccessible,
    saveScreenshot,
  }) => {
    const cleo = await newUser('nudgecl');
    await makeFriends(ana, cleo);
    const shro = await createShroViaApi(ana.context, {
      title: 'Friday dinner',
      type: 'text',
      recipients: [ben.id, cleo.id],
      textOptions: textOptions('Tacos', 'Ramen', 'Curry'),
    });
    await selectViaApi(cleo.context, shro, 1);

    const page = await ana.context.newPage();
    await page.goto(`/session/${shro.id}`);
    await expect(page.getByText('1 friend has not opened it yet')).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'nudge-before');
    await page.getByRole('button', { name: 'Nudge them' }).click();
    await expectToast(page, '1 friend was reminded to open a box.');
    await expect(page.getByRole('button', { name: 'Nudged' })).toBeDisabled();
    await saveScreenshot(page, 'nudge-sent');

    // A second nudge from a fresh page is refused with the server's words.
    await page.reload();
    await page.getByRole('button', { name: 'Nudge them' }).click();
    await expectToast(page, 'You already nudged this Shro recently.');

    const bens = await ben.context.newPage();
    await bens.goto('/notifications');
    const item = bens.getByText(`@${ana.username} is waiting for you to open a box in "Friday dinner"`);
    await expect(item).toBeVisible();
    await expectAccessible(bens);
    await saveScreenshot(bens, 'nudge-received');
  });
});
