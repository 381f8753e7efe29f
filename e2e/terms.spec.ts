import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueName } from './support/api';

const TERMS_REQUIRED = 'Please accept the Terms of Service to create an account.';

/**
 * The server keeps the acceptance; an account older than the current terms is one whose current-user
 * answer says `mustAcceptTerms` (server/features/auth/terms.test.ts). The browser cannot make such an
 * account, so the first current-user answer of the page is marked as one; every call after it,
 * accepting included, goes to the real server.
 */
async function asAccountOlderThanTheTerms(page: Page) {
  let marked = false;
  await page.route('**/api/auth/user', async (route) => {
    if (marked) return route.continue();
    marked = true;
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), mustAcceptTerms: true } });
  });
}

test.describe('terms of service', () => {
  test('registering needs the box ticked, then the account is in', async ({
    context,
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    const username = uniqueName('terms');
    await page.goto('/register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    const agree = page.getByRole('checkbox', { name: 'I agree to the Terms of Service' });
    await expect(agree).not.toBeChecked();
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(TERMS_REQUIRED)).toBeVisible();
    await expect(agree).toBeFocused();
    await expect(agree).toHaveAccessibleDescription(TERMS_REQUIRED);
    expect(page.url()).toContain('/register');
    expect((await context.request.get('/api/auth/user')).status()).toBe(401);
    await saveScreenshot(page, 'register-terms-required');
    await expectAccessible(page);

    await agree.check();
    await expect(page.getByText(TERMS_REQUIRED)).toHaveCount(0);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    const me = await context.request.get('/api/auth/user');
    expect(await me.json()).toMatchObject({ username, mustAcceptTerms: false });
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('the terms state zero tolerance, the review promise and how to report and block', async ({ page }) => {
    await page.goto('/terms');
    await expect(
      page.getByRole('heading', { name: 'Zero tolerance for objectionable content and abusive users' }),
    ).toBeVisible();
    await expect(page.getByText('Our moderators review every report within 24 hours.', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reporting and blocking' })).toBeVisible();
  });

  test('an account older than the terms is asked once, and agreeing lets it in', async ({
    user,
    expectAccessible,
    saveScreenshot,
  }) => {
    const page = await user.context.newPage();
    await asAccountOlderThanTheTerms(page);
    await page.goto('/explore');
    const dialog = page.getByRole('alertdialog', { name: 'Please accept our Terms of Service' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Read the Terms of Service' })).toHaveAttribute('href', '/terms');
    // It cannot be waved away.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await saveScreenshot(page, 'terms-dialog');
    await expectAccessible(page);

    const accepted = page.waitForResponse((r) => r.url().endsWith('/api/auth/accept-terms'));
    await dialog.getByRole('button', { name: 'I agree' }).click();
    expect((await accepted).status()).toBe(200);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Asked once: the next visit goes straight in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('declining signs the account out', async ({ user }) => {
    const page = await user.context.newPage();
    await asAccountOlderThanTheTerms(page);
    await page.goto('/explore');
    const dialog = page.getByRole('alertdialog', { name: 'Please accept our Terms of Service' });
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('button', { name: 'Quick Tutorial' })).toBeVisible();
    expect((await user.context.request.get('/api/auth/user')).status()).toBe(401);
  });
});
