import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  expectAccessible,
  launchBrowser,
  newContext,
  registerViaApi,
  screenshot,
  uniqueName,
  type ViewportName,
} from './support/browser';

/** The focused element's id and the text of what describes it (aria-describedby). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    const ids = element?.getAttribute('aria-describedby')?.split(' ') ?? [];
    const description = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    return { id: element?.id ?? '', description };
  });

const description = (field: Locator) =>
  field.evaluate((element) =>
    (element.getAttribute('aria-describedby')?.split(' ') ?? [])
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each<ViewportName>(['mobile', 'desktop'])('accounts on %s', (viewport) => {
  it('registers, lands signed in on home, logs out and logs back in', async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    const username = uniqueName('reg');

    await page.goto('/register');
    await expect.poll(() => page.title()).toBe('Create Account - Join Shro');
    await expectAccessible(page);
    await screenshot(page, `register-${viewport}`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByRole('link', { name: /Send a Shro/ }).isVisible()).toBe(true);
    await screenshot(page, `home-member-${viewport}`);

    if (viewport === 'mobile') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect.poll(() => page.getByText(`@${username}`).isVisible()).toBe(true);
      await screenshot(page, `mobile-menu-${viewport}`);
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Logout' }).click();
    } else {
      await expect.poll(() => page.getByRole('button', { name: username }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Logout' }).click();
    }
    await expect.poll(() => page.getByRole('button', { name: 'Quick Tutorial' }).isVisible()).toBe(true);
    const me = await context.request.get('/api/auth/user');
    expect(me.status()).toBe(401);

    await page.goto('/login');
    await expect.poll(() => page.title()).toBe('Sign In - Shro');
    await page.getByLabel('Username').fill(username.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByRole('link', { name: /Send a Shro/ }).isVisible()).toBe(true);
    await context.close();
  });

  it('shows the spec validation texts and the server error on login', async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('Username is required').isVisible()).toBe(true);
    expect(await page.getByText('Password is required').isVisible()).toBe(true);
    // Issue 14, item 3: focus moves from the button to the first invalid field, described by its message.
    expect(await focused(page)).toEqual({ id: 'username', description: 'Username is required' });
    await page.getByLabel('Username').fill('nobody_here');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    // Re-validates on change: the messages go away once the fields are filled.
    expect(await page.getByText('Username is required').count()).toBe(0);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).isVisible())
      .toBe(true);
    await screenshot(page, `login-error-${viewport}`);
    await expectAccessible(page);

    await page.goto('/register');
    // The rules show before the first mistake, and each field is described by its rule.
    const password = page.getByLabel('Password', { exact: true });
    await expect.poll(() => page.getByText('At least 6 characters.').isVisible()).toBe(true);
    expect(await description(password)).toBe('At least 6 characters.');
    expect(await description(page.getByLabel('Username'))).toBe('3–30 letters, numbers, underscores or dots.');
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByLabel('Confirm password').fill('456');
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const text of [
      'Username must be at least 3 characters',
      'Please enter a valid email address',
      'Password must be at least 6 characters',
      "Passwords don't match",
    ]) {
      await expect.poll(() => page.getByText(text).isVisible(), { message: text }).toBe(true);
    }
    expect(await focused(page)).toEqual({ id: 'username', description: 'Username must be at least 3 characters' });
    await screenshot(page, `register-errors-${viewport}`);
    await expectAccessible(page);
    // Once the username is right, the next invalid submit lands on the email field.
    await page.getByLabel('Username').fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await focused(page)).toEqual({ id: 'email', description: 'Please enter a valid email address' });
    await context.close();
  });

  it('sends a signed-in user on from /login and /register to the checked redirect target', async () => {
    const context = await newContext(browser, viewport);
    await registerViaApi(context);
    const page = await context.newPage();
    for (const [path, landing] of [
      ['/login', '/'],
      ['/register', '/'],
      ['/login?redirect=%2Fprivacy%3Fx%3D1', '/privacy?x=1'],
      ['/register?redirect=/explore', '/explore'],
      ['/login?redirect=//evil.example/phish', '/'],
      ['/register?redirect=%2F%09%2Fevil.example%2F', '/'],
    ]) {
      await page.goto(path!);
      await page.waitForURL((url) => `${url.pathname}${url.search}` === landing, { timeout: 5000 });
      expect(new URL(page.url()).origin).toBe(new URL(baseURL()).origin);
      expect(await page.locator('form input[type="password"]').count(), path).toBe(0);
    }
    // Back does not return to the form.
    await page.goto('/privacy');
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/privacy');
    await context.close();
  });

  it('shows the password when the toggle is pressed', async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await page.goto('/login');
    const field = page.getByLabel('Password', { exact: true });
    await field.fill('visible?');
    expect(await field.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await field.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await field.getAttribute('type')).toBe('password');
    await context.close();
  });

  it('returns to the redirect target after signing in, and refuses foreign redirects', async () => {
    const context = await newContext(browser, viewport);
    const { username, password } = await registerViaApi(context);
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto('/login?redirect=/privacy');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/privacy');

    await context.clearCookies();
    await page.goto('/login?redirect=//evil.example/phish');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).host).toBe(new URL(context.pages()[0]!.url()).host);
    await context.close();
  });
});
