import { expect, test } from './fixtures';
import { createShroViaApi, makeFriends, selectViaApi, textOptions } from './support/api';
import { expectText, expectToast } from './support/page';

test.describe('history', () => {
  test('lists sent and received Shros in tabs with counts, and deletes with a confirmation', async ({
    user: alice,
    friend: bob,
    newUser,
    expectAccessible,
    saveScreenshot,
  }) => {
    const carol = await newUser('histcar');
    await makeFriends(alice, carol);
    const toBob = await createShroViaApi(alice.context, {
      title: 'Lunch spot',
      type: 'text',
      recipients: [bob.id],
      textOptions: textOptions('Tacos', 'Ramen'),
    });
    await createShroViaApi(alice.context, {
      title: 'Team outing',
      type: 'text',
      recipients: [bob.id, carol.id],
      textOptions: textOptions('Bowling', 'Karaoke'),
    });
    await createShroViaApi(alice.context, {
      title: 'Best pizza in town',
      type: 'text',
      isPublic: true,
      textOptions: textOptions('Margherita', 'Diavola'),
    });
    await createShroViaApi(alice.context, {
      title: 'Link vote',
      type: 'text',
      isShareable: true,
      textOptions: textOptions('Yes', 'No'),
    });
    await createShroViaApi(bob.context, {
      title: 'Gift for mum',
      type: 'text',
      recipients: [alice.id],
      textOptions: textOptions('Flowers', 'Book'),
    });
    await selectViaApi(bob.context, toBob, 1);

    const page = await alice.context.newPage();
    await page.goto('/history');
    await expect(page.getByRole('heading', { name: 'Your Shro History' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /All/ })).toHaveText('All5');
    await expect(page.getByRole('tab', { name: /Sent/ })).toHaveText('Sent4');
    await expect(page.getByRole('tab', { name: /Received/ })).toHaveText('Received1');
    await expectText(page, `Sent to @${bob.username}`);
    await expectText(page, 'Sent to 2 friends');
    await expectText(page, 'Sent to Public');
    // A link Shro says how it went out, not "Sent to Someone".
    await expect(page.getByRole('article', { name: 'Link vote' }).getByText('Shared by link')).toBeVisible();
    await expect(page.getByText('Sent to Someone')).toHaveCount(0);
    await expectText(page, `From @${bob.username}`);
    await expectText(page, 'Showing 1 to 5 of 5 Shros');
    await expect(page.getByRole('article', { name: 'Lunch spot' }).getByText(/Selection made|Revealed/)).toBeVisible();
    await expect(page.getByRole('article', { name: 'Team outing' }).getByText('Waiting for selection')).toBeVisible();
    // Second walk, item 3: a link Shro nobody has opened yet keeps the spec's text.
    await expect(page.getByRole('article', { name: 'Link vote' }).getByText('Waiting for selection')).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'history-all');

    await page.getByRole('tab', { name: /Sent/ }).click();
    await expect(page.getByRole('article')).toHaveCount(4);
    await page.getByRole('tab', { name: /Received/ }).click();
    await expect(page.getByRole('article')).toHaveCount(1);

    // A received Shro leaves only this history.
    await page.getByRole('button', { name: 'Delete Gift for mum' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove from your history?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'history-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Shro deleted successfully');
    await expect(page.getByRole('heading', { name: 'No Shros received yet' })).toBeVisible();
    // Second walk, item 11: someone who has sent Shros is not asked to create their first; friends send them.
    await expect(page.getByRole('link', { name: 'Add Friends' })).toHaveAttribute('href', '/friends');
    await expect(page.getByRole('link', { name: 'Create Your First Shro' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: /Received/ })).toHaveText('Received0');
    await saveScreenshot(page, 'history-empty-received');
    const bobSees = await bob.context.request.get('/api/sessions?tab=sent');
    expect(((await bobSees.json()) as { total: number }).total).toBe(1);

    // A sent one is deleted for everyone; Cancel keeps it.
    await page.getByRole('tab', { name: /Sent/ }).click();
    await page.getByRole('button', { name: 'Delete Link vote' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('article', { name: 'Link vote' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Link vote' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this Shro?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Shro deleted successfully');
    await expect(page.getByRole('article', { name: 'Link vote' })).toHaveCount(0);

    await page.getByRole('link', { name: 'View Lunch spot' }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/session/${toBob.id}`);
  });

  test('shows per-tab empty states for a new account', async ({ user, expectAccessible, saveScreenshot }) => {
    const page = await user.context.newPage();
    await page.goto('/history');
    await expect(page.getByRole('heading', { name: 'No Shros yet' })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'history-empty');
    await page.getByRole('tab', { name: /Sent/ }).click();
    await expect(page.getByRole('heading', { name: "You haven't sent any Shros yet" })).toBeVisible();
    await page.getByRole('tab', { name: /Received/ }).click();
    await expect(page.getByRole('heading', { name: 'No Shros received yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Friends' })).toHaveAttribute('href', '/friends');
    // Nothing sent yet either: creating one is offered too.
    await expect(page.getByRole('link', { name: 'Create Your First Shro' })).toBeVisible();
    await saveScreenshot(page, 'history-empty-received-new');
    await page.getByRole('tab', { name: /Sent/ }).click();
    await page.getByRole('link', { name: 'Create Your First Shro' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/create');
  });

  test('pages 10 at a time with at most 5 page buttons, and reports a failed delete', { tag: '@desktop-only' }, async ({
    user,
    saveScreenshot,
  }) => {
    for (let i = 1; i <= 62; i++)
      await createShroViaApi(user.context, {
        title: `Poll number ${i}`,
        type: 'text',
        isShareable: true,
        textOptions: textOptions('A', 'B'),
      });
    const page = await user.context.newPage();
    await page.goto('/history');
    await expectText(page, 'Showing 1 to 10 of 62 Shros');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    const pageButtons = pager.getByRole('button', { name: /^Page / });
    await expect(pageButtons).toHaveText(['1', '2', '3', '4', '5']);
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await pager.getByRole('button', { name: 'Page 5' }).click();
    await expectText(page, 'Showing 41 to 50 of 62 Shros');
    await expect(pageButtons).toHaveText(['3', '4', '5', '6', '7']);
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expectText(page, 'Showing 61 to 62 of 62 Shros');
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: 'Page 7' })).toHaveAttribute('aria-current', 'page');
    await saveScreenshot(page, 'history-pagination');
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expectText(page, 'Showing 51 to 60 of 62 Shros');

    await page.route('**/api/sessions/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Delete Poll number 10' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Failed to delete Shro');
  });
});
