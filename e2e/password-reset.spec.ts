import { expect, test } from './fixtures';
import { registerViaApi, uniqueName } from './support/api';
import { waitForMail } from './support/mail';

/** Forgot password through a real SMTP server (docs/decisions/109-password-reset-by-email.md). */
test.describe('forgot password', () => {
  test('asks for a link on /login, gets it by email, sets a new password and signs in with it', async ({
    page,
    openContext,
    baseURL,
    expectAccessible,
    saveScreenshot,
  }) => {
    // An account that is signed in elsewhere: the reset signs that device out.
    const elsewhere = await openContext();
    const { username } = await registerViaApi(elsewhere, uniqueName('forgot'));
    const email = `${username}@example.com`;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/reset-password');
    await expect(page).toHaveTitle('Reset Password - Shro');
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expect(page.getByText('Reset by email is not set up')).toHaveCount(0);
    await expectAccessible(page);
    await saveScreenshot(page, 'forgot-password');

    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Enter your username or email', { exact: true })).toBeVisible();
    await page.getByLabel('Username or email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert')).toContainText("If an account matches, we've sent a link");
    await expectAccessible(page);
    await saveScreenshot(page, 'forgot-password-sent');

    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Reset your Shro password');
    expect(mail.text).toContain(`Hi @${username},`);
    const link = /(http\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeDefined();
    expect(new URL(link!).origin).toBe(baseURL);
    expect(mail.html).toContain(`href="${link}"`);

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('new secret 456');
    await page.getByLabel('Confirm new password').fill('not the same');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'reset-password');
    await page.getByLabel('Confirm new password').fill('new secret 456');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been changed. Every device was signed out.')).toBeVisible();
    await saveScreenshot(page, 'reset-password-done');

    // The other device is signed out; the link does not work twice.
    expect((await elsewhere.request.get('/api/auth/user')).status()).toBe(401);
    const again = await page.request.post('/api/auth/password-reset/confirm', {
      data: { token: new URL(link!).searchParams.get('token'), newPassword: 'another one 789' },
      headers: { origin: baseURL! },
    });
    expect(again.status()).toBe(400);

    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('new secret 456');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('link', { name: /Send a Shro/ })).toBeVisible();
  });

  test('a used or made-up link says so and offers a new one', async ({ page, expectAccessible }) => {
    await page.goto('/reset-password?token=made-up-token-that-was-never-sent');
    await page.getByLabel('New password', { exact: true }).fill('new secret 456');
    await page.getByLabel('Confirm new password').fill('new secret 456');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired.');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Get a new link' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  });

  test('without email set up, says so and offers only the way back to sign in', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    // This test server mails; a server without SMTP answers this to the same question.
    await page.route('**/api/auth/password-reset', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: { emailEnabled: false } }) : route.fallback(),
    );
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expect(page.getByText('Reset by email is not set up on this server.')).toBeVisible();
    await expect(page.getByLabel('Username or email')).toHaveCount(0);
    await expect(page.getByText("We'll email a link")).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send reset link' })).toHaveCount(0);
    await expectAccessible(page);
    await saveScreenshot(page, 'forgot-password-no-email');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });
});
