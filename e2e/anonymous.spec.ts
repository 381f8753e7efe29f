import { expect, test } from './fixtures';
import { CreatePage } from './pages/create-page';
import { makeFriends, selectViaApi } from './support/api';
import { expectText } from './support/page';

test.describe('anonymous Shros (issue 40)', () => {
  test('the creator sees how many opened each box, never who; the friends are told so', async ({
    user: ana,
    friend: ben,
    newUser,
    expectAccessible,
    saveScreenshot,
  }) => {
    const cleo = await newUser('anoncl');
    await makeFriends(ana, cleo);
    const create = new CreatePage(await ana.context.newPage());
    const { page } = create;
    await create.goto();
    await create.chooseTemplate('Custom Text');
    await create.fillText('Secret Santa theme?', 'Cozy', 'Retro', 'Tropical');
    await create.turnOn(create.friend(ben.username));
    await create.turnOn(create.friend(cleo.username));
    await create.turnOn(create.anonymous);
    await expect(create.anonymous).toBeChecked();
    await saveScreenshot(page, 'create-anonymous');
    await create.createAndOpen();
    await expectText(page, 'Anonymous: you see how many people opened each box, never who.');
    const shroId = page.url().split('/session/')[1]!;

    // Ben sees the promise before he picks.
    const bens = await ben.context.newPage();
    await bens.goto(`/session/${shroId}`);
    await expectText(bens, `Anonymous: @${ana.username} sees how many people opened each box, never who.`);
    await expectAccessible(bens);
    await saveScreenshot(bens, 'session-anonymous-recipient');

    const shro = await (await ben.context.request.get(`/api/sessions/${shroId}`)).json();
    await selectViaApi(ben.context, shro, 2);
    await selectViaApi(cleo.context, shro, 2);
    await page.reload();
    await expectText(page, '2 people have opened a box');
    await expectText(page, 'Someone opened Box #2.');
    const board = page.getByRole('region', { name: 'Your boxes' });
    await expect(board.getByText('Opened by 2 friends')).toBeVisible();
    // Who it was sent to shows (the creator chose them); who opened which box does not.
    await expect(board.getByText(ben.username)).toHaveCount(0);
    await expect(board.getByText(cleo.username)).toHaveCount(0);
    await expectAccessible(page);
    await saveScreenshot(page, 'session-anonymous-creator');

    await page.goto('/notifications');
    await expectText(page, '2 people opened a box in "Secret Santa theme?"');
    await expectAccessible(page);
    await saveScreenshot(page, 'notifications-anonymous');
  });
});
