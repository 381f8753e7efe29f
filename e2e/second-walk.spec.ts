import { expect, test } from './fixtures';
import { CreatePage } from './pages/create-page';
import { createShroViaApi, selectViaApi, textOptions } from './support/api';
import { expectText } from './support/page';

/** What a new user tripped over on the second walk through the app, as they would check it. */
test.describe('second walk', () => {
  test('a bad hashtag is named on its field, with the rule shown beforehand; a leading # is fine', async ({
    user,
    expectAccessible,
    saveScreenshot,
  }) => {
    const create = new CreatePage(await user.context.newPage());
    const { page } = create;
    await create.goto();
    await create.chooseTemplate('Custom Text');
    await create.fillText('Friday dinner', 'Pizza', 'Sushi');
    await create.turnOn(create.shareableLink);
    const hashtags = page.getByRole('textbox', { name: /Hashtags/ });
    // The rule is there before any mistake.
    await expect(hashtags).toHaveAccessibleDescription(
      'Hashtags may only contain letters, numbers and underscores, up to 30 characters each.',
    );
    await hashtags.fill('#pizza, Friday Night, food');
    await create.submit.click();
    const error = `"Friday Night" can't be a hashtag. Hashtags may only contain letters, numbers and underscores, up to 30 characters each.`;
    await expect(hashtags).toHaveAttribute('aria-invalid', 'true');
    await expect(hashtags).toHaveAccessibleDescription(error);
    await expect(page.getByRole('alert').filter({ hasText: 'Friday Night' })).toBeVisible();
    // On the field, not in a toast over it.
    await expect(page.getByText('Invalid Hashtags')).toHaveCount(0);
    await expect(hashtags).toBeFocused();
    await expect(page).toHaveURL(/\/create/);
    await expectAccessible(page);
    await saveScreenshot(page, 'create-hashtag-error');

    await hashtags.fill('#pizza, #Friday_Night, food');
    await expect(hashtags).not.toHaveAttribute('aria-invalid');
    await create.createAndOpen();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const shro = (await (await user.context.request.get(`/api/sessions/${id}`)).json()) as { hashtags: string };
    expect(shro.hashtags).toBe('pizza,friday_night,food');
  });

  test('options typed around an empty input keep the labels they were typed under', async ({ user }) => {
    const create = new CreatePage(await user.context.newPage());
    const { page } = create;
    await create.goto();
    await create.chooseTemplate('Custom Text');
    await create.title.fill('Gap in the middle');
    await create.option('A').fill('Tacos');
    await create.option('C').fill('Ramen');
    await create.turnOn(create.shareableLink);
    await create.createAndOpen();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const shro = (await (await user.context.request.get(`/api/sessions/${id}`)).json()) as {
      boxes: { position: number; label: string | null; textContent: string | null; isEmpty: boolean }[];
    };
    expect(shro.boxes.filter((box) => !box.isEmpty).map((box) => [box.position, box.label, box.textContent])).toEqual([
      [1, 'Option A', 'Tacos'],
      [2, 'Option C', 'Ramen'],
    ]);
    await expect(page.getByText('Option C')).toBeVisible();
    await expect(page.getByText('Option B')).toHaveCount(0);
  });

  test('a link Shro with picks reads "Open · N picks so far" on its page and in history', async ({
    user: alice,
    newUser,
    expectAccessible,
    saveScreenshot,
  }) => {
    const shro = await createShroViaApi(alice.context, {
      title: 'Weekend plan',
      type: 'text',
      isShareable: true,
      textOptions: textOptions('Hike', 'Cinema'),
    });
    const page = await alice.context.newPage();
    await page.goto(`/session/${shro.id}`);
    // Nobody has picked yet: the spec's text still fits.
    await expect(page.getByRole('status').filter({ hasText: 'Waiting for selection...' })).toBeVisible();

    await selectViaApi((await newUser('walkb')).context, shro, 1);
    await expect(page.getByRole('status').filter({ hasText: 'Open · 1 pick so far' })).toBeVisible();
    await expect(page.getByText('Waiting for selection')).toHaveCount(0);
    await saveScreenshot(page, 'session-open-picks');
    await selectViaApi((await newUser('walkc')).context, shro, 2);
    await selectViaApi((await newUser('walkd')).context, shro, 1);
    await expect(page.getByRole('status').filter({ hasText: 'Open · 3 picks so far' })).toBeVisible();
    await expectAccessible(page);

    await page.goto('/history');
    const card = page.getByRole('article', { name: 'Weekend plan' });
    await expect(card.getByText('Open · 3 picks so far')).toBeVisible();
    await expect(card.getByText('Waiting for selection')).toHaveCount(0);
  });

  test("history's tab and page are in the URL: Back returns to them, a link opens on them", async ({
    user,
    expectAccessible,
  }) => {
    for (let i = 1; i <= 12; i++)
      await createShroViaApi(user.context, {
        title: `Walk poll ${i}`,
        type: 'text',
        isShareable: true,
        textOptions: textOptions('A', 'B'),
      });
    const page = await user.context.newPage();
    await page.goto('/history');
    await expectText(page, 'Showing 1 to 10 of 12 Shros');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expectText(page, 'Showing 11 to 12 of 12 Shros');
    await expect(page).toHaveURL((url) => url.pathname === '/history' && url.searchParams.get('page') === '2');
    await page.getByRole('tab', { name: /Sent/ }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('tab') === 'sent' && !url.searchParams.has('page'));
    await expectText(page, 'Showing 1 to 10 of 12 Shros');

    await page.goBack();
    await expect(page.getByRole('tab', { name: /All/ })).toHaveAttribute('aria-selected', 'true');
    await expectText(page, 'Showing 11 to 12 of 12 Shros');
    await page.goBack();
    await expectText(page, 'Showing 1 to 10 of 12 Shros');

    await page.goto('/history?tab=sent&page=2');
    await expect(page.getByRole('tab', { name: /Sent/ })).toHaveAttribute('aria-selected', 'true');
    await expectText(page, 'Showing 11 to 12 of 12 Shros');
    await expectAccessible(page);
    // A page past the end shows the last one.
    await page.goto('/history?page=9');
    await expectText(page, 'Showing 11 to 12 of 12 Shros');
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
  });
});
