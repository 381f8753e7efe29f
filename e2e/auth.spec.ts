import { expect, test } from './fixtures';
import { registerViaApi, uniqueName } from './support/api';

test.describe('accounts', () => {
  test('registers, lands signed in on home, logs out and logs back in', async ({
    context,
    page,
    viewportName,
    expectAccessible,
    saveScreenshot,
  }) => {
    const username = uniqueName('reg');

    await page.goto('/register');
    await expect(page).toHaveTitle('Create Account - Join Shro');
    await expectAccessible(page);
    await saveScreenshot(page, 'register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('link', { name: /Send a Shro/ })).toBeVisible();
    await saveScreenshot(page, 'home-member');

    if (viewportName === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByText(`@${username}`)).toBeVisible();
      await saveScreenshot(page, 'mobile-menu');
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Logout' }).click();
    } else {
      await expect(page.getByRole('button', { name: username })).toBeVisible();
      await page.getByRole('button', { name: 'Logout' }).click();
    }
    await expect(page.getByRole('button', { name: 'Quick Tutorial' })).toBeVisible();
    const me = await context.request.get('/api/auth/user');
    expect(me.status()).toBe(401);

    await page.goto('/login');
    await expect(page).toHaveTitle('Sign In - Shro');
    await page.getByLabel('Username').fill(username.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('link', { name: /Send a Shro/ })).toBeVisible();
  });

  test('shows the spec validation texts and the server error on login', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    // Issue 14, item 3: focus moves from the button to the first invalid field, described by its message.
    await expect(page.locator('#username')).toBeFocused();
    await expect(page.locator('#username')).toHaveAccessibleDescription('Username is required');
    await page.getByLabel('Username').fill('nobody_here');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    // Re-validates on change: the messages go away once the fields are filled.
    await expect(page.getByText('Username is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible();
    await saveScreenshot(page, 'login-error');
    await expectAccessible(page);

    await page.goto('/register');
    // The rules show before the first mistake, and each field is described by its rule.
    const password = page.getByLabel('Password', { exact: true });
    await expect(page.getByText('At least 6 characters.')).toBeVisible();
    await expect(password).toHaveAccessibleDescription('At least 6 characters.');
    await expect(page.getByLabel('Username')).toHaveAccessibleDescription(
      '3–30 letters, numbers, underscores or dots.',
    );
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Email').fill('not-an-email');
    await password.fill('123');
    await page.getByLabel('Confirm password').fill('456');
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const text of [
      'Username must be at least 3 characters',
      'Please enter a valid email address',
      'Password must be at least 6 characters',
      "Passwords don't match",
    ]) {
      await expect(page.getByText(text), text).toBeVisible();
    }
    await expect(page.locator('#username')).toBeFocused();
    await expect(page.locator('#username')).toHaveAccessibleDescription('Username must be at least 3 characters');
    await saveScreenshot(page, 'register-errors');
    await expectAccessible(page);
    // Once the username is right, the next invalid submit lands on the email field.
    await page.getByLabel('Username').fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.locator('#email')).toBeFocused();
    await expect(page.locator('#email')).toHaveAccessibleDescription('Please enter a valid email address');
  });

  test('sends a signed-in user on from /login and /register to the checked redirect target', async ({
    context,
    page,
    baseURL,
  }) => {
    await registerViaApi(context);
    for (const [path, landing] of [
      ['/login', '/'],
      ['/register', '/'],
      ['/login?redirect=%2Fprivacy%3Fx%3D1', '/privacy?x=1'],
      ['/register?redirect=/explore', '/explore'],
      ['/login?redirect=//evil.example/phish', '/'],
      ['/register?redirect=%2F%09%2Fevil.example%2F', '/'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === landing, { timeout: 5000 });
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
      await expect(page.locator('form input[type="password"]'), path).toHaveCount(0);
    }
    // Back does not return to the form.
    await page.goto('/privacy');
    await page.goto('/login');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/privacy');
  });

  test('shows the password when the toggle is pressed', async ({ page }) => {
    await page.goto('/login');
    const field = page.getByLabel('Password', { exact: true });
    await field.fill('visible?');
    await expect(field).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(field).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(field).toHaveAttribute('type', 'password');
  });

  test('returns to the redirect target after signing in, and refuses foreign redirects', async ({
    context,
    page,
    baseURL,
  }) => {
    const { username, password } = await registerViaApi(context);
    await context.clearCookies();
    await page.goto('/login?redirect=/privacy');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/privacy');

    await context.clearCookies();
    await page.goto('/login?redirect=//evil.example/phish');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    expect(new URL(page.url()).host).toBe(new URL(baseURL!).host);
  });
});
