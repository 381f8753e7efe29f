import type { Shro } from '../contract/shro-views';
import { expect, test } from './fixtures';
import { CreatePage } from './pages/create-page';
import { ShroPage } from './pages/shro-page';
import { makeFriends } from './support/api';
import { expectText } from './support/page';

test.describe('shuffled Shros (issue 40)', () => {
  test('each friend gets their own order, so one friend’s result says nothing about another’s boxes', async ({
    user: ana,
    friend: ben,
    newUser,
    expectAccessible,
    saveScreenshot,
  }) => {
    test.slow();
    const cleo = await newUser('shufcl');
    await makeFriends(ana, cleo);
    const create = new CreatePage(await ana.context.newPage());
    const { page } = create;
    await create.goto();
    await create.chooseTemplate('Custom Text');
    await create.fillText('Who pays for pizza?', 'Ana', 'Ben', 'Cleo', 'Dan');
    await create.winningBox(2).click();
    await create.turnOn(create.friend(ben.username));
    await create.turnOn(create.friend(cleo.username));
    await create.turnOn(create.shuffled);
    await expect(create.shuffled).toBeChecked();
    await saveScreenshot(page, 'create-shuffled');
    await create.createAndOpen();
    await expectText(page, 'Shuffled: everyone sees these boxes in an order of their own');
    const shroId = page.url().split('/session/')[1]!;

    const viewOf = async (who: typeof ben) =>
      (await (await who.context.request.get(`/api/sessions/${shroId}`)).json()) as Shro;
    const [bensView, cleosView] = [await viewOf(ben), await viewOf(cleo)];
    expect(bensView.boxes.map((b) => b.id).filter((id) => cleosView.boxes.some((c) => c.id === id))).toEqual([]);

    const bens = new ShroPage(await ben.context.newPage());
    await bens.goto({ id: shroId });
    await expectText(bens.page, 'Shuffled: your boxes are in an order of your own');
    await expectAccessible(bens.page);
    await saveScreenshot(bens.page, 'session-shuffled-recipient');

    // Ben opens his box 1; what it held and whether it won are his own, and his browser checks them.
    await bens.pick(1);
    await expect(bens.selected(1)).toBeVisible();
    await expect(bens.verifiedContent).toBeVisible();
    await expect(bens.verifiedWinner).toBeVisible();
    const after = await viewOf(ben);
    const opened = after.boxes.find((b) => b.id === after.selectedBoxId)!;
    expect(opened.position).toBe(1);
    await expectText(bens.page, opened.textContent!);
    expect(after.isCorrect).toBe(opened.textContent === 'Ben');
    await expectAccessible(bens.page);
    await saveScreenshot(bens.page, 'session-shuffled-result');

    // Ben's winning box id is not one of Cleo's: she cannot pick by it.
    const refused = await cleo.context.request.post(`/api/sessions/${shroId}/select`, {
      data: { boxId: after.winningBoxId },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(400);
  });
});
