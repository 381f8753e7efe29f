import { expect, test } from './fixtures';
import { createShroViaApi, textOptions } from './support/api';

const PENDING = 'Your Shro is waiting for a quick review before it appears on Explore.';

/** The word-list filter as people meet it (docs/decisions/112-objectionable-content-filter.md). */
test.describe('objectionable content filter', () => {
  test('a public Shro that matches waits for review: its creator is told, explore does not list it', async ({
    user,
    newUser,
    expectAccessible,
    saveScreenshot,
  }) => {
    const shro = await createShroViaApi(user.context, {
      title: 'Sh1t movie night',
      type: 'text',
      isPublic: true,
      textOptions: JSON.stringify(textOptions('Alien', 'Heat', 'Up', 'Jaws')),
    });
    expect(shro.moderation).toBe('pending_review');

    const page = await user.context.newPage();
    await page.goto(`/session/${shro.id}`);
    await expect(page.getByRole('status').filter({ hasText: PENDING })).toBeVisible();
    await saveScreenshot(page, 'shro-pending-review');
    await expectAccessible(page);

    const other = await newUser('viewer');
    const explore = await other.context.request.get('/api/explore?pageSize=50');
    expect((await explore.json()).items.map((card: { id: string }) => card.id)).not.toContain(shro.id);
    const otherPage = await other.context.newPage();
    await otherPage.goto(`/session/${shro.id}`);
    await expect(otherPage.getByRole('heading', { name: 'Sh1t movie night' })).toBeVisible();
    await expect(otherPage.getByText(PENDING)).toHaveCount(0);
  });

  test('an objectionable username is refused at registration with a clear message', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Username').fill('fvck_this_app');
    await page.getByLabel('Email').fill('filter@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Please choose a different username. This one contains a word we do not allow.' }),
    ).toBeVisible();
    expect(page.url()).toContain('/register');
  });
});
