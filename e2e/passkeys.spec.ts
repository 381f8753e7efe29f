import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { baseURL, uniqueName } from './support/api';
import { expectToast } from './support/page';

/**
 * Passkeys (issue 40; decision 187) in Chromium's virtual authenticator (CDP WebAuthn). A passkey
 * belongs to a domain name, never an IP address: these pages are opened as localhost.
 */
const local = () => baseURL().replace('127.0.0.1', 'localhost');

async function signedInContext(
  browser: import('@playwright/test').Browser,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL: local(), viewport });
  const username = uniqueName('passkey');
  const registered = await context.request.post('/api/register', {
    data: {
      username,
      email: `${username}@example.com`,
      password: 'secret123',
      confirmPassword: 'secret123',
      acceptTerms: true,
    },
    headers: { origin: local() },
  });
  expect(registered.status()).toBe(201);
  return { context, username };
}

/** A platform authenticator with user verification, as a phone's or a laptop's. */
async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

const signOut = async (context: BrowserContext) =>
  expect((await context.request.post('/api/logout', { headers: { origin: local() } })).status()).toBe(200);
const whoIsSignedIn = async (context: BrowserContext) => {
  const answer = await context.request.get('/api/auth/user');
  return answer.status() === 200 ? ((await answer.json()) as { username: string }).username : null;
};

test.describe('passkeys', () => {
  test('add one in settings, sign in with it, rename and remove it; a removed one cannot sign in', async ({
    browser,
    viewport,
    expectAccessible,
    saveScreenshot,
  }) => {
    const { context, username } = await signedInContext(browser, viewport!);
    const page = await context.newPage();
    await withAuthenticator(context, page);

    await page.goto('/settings#security');
    await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
    await expect(page.getByText('No passkeys yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expectToast(page, 'Passkey added');
    const list = page
      .getByRole('region', { name: 'Passkeys' })
      .or(page.locator('section[aria-labelledby="passkeys-title"]'));
    await expect(list.getByText(/Never used/)).toBeVisible();

    await list.getByRole('button', { name: /^Rename / }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('My laptop');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Passkey renamed');
    await expect(list.getByText('My laptop', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, 'settings-passkeys');

    // Signed out, the passkey alone signs the account in: no username, no password.
    await signOut(context);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(`${local()}/`);
    expect(await whoIsSignedIn(context)).toBe(username);
    await page.goto('/settings#security');
    await expect(list.getByText(/Last used/)).toBeVisible();

    await list.getByRole('button', { name: 'Remove My laptop' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Passkey removed');
    await expect(page.getByText('No passkeys yet.')).toBeVisible();

    // The device still holds it, but the account no longer knows it.
    await signOut(context);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.getByRole('alert')).toContainText('This passkey is not registered with Shro.');
    expect(await whoIsSignedIn(context)).toBeNull();
    await expectAccessible(page);
    await saveScreenshot(page, 'login-passkey-unknown');
    // The password still works.
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${local()}/`);
    expect(await whoIsSignedIn(context)).toBe(username);
    await context.close();
  });
});
