import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { baseURL } from './support/api';

/**
 * Issue 11, items 10 and 11 (docs/decisions/102-signed-in-devices.md): the profile's Security
 * section. Two browser contexts are two devices of one user.
 */

/** Signs a second device in through the login API (its cookie jar is then signed in). */
async function signInAnotherDevice(context: BrowserContext, username: string, password: string) {
  const response = await context.request.post('/api/login', {
    data: { username, password },
    headers: { origin: baseURL() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('account security', () => {
  test('changing the password signs the other browser out; the device list shows both devices', async ({
    user,
    openContext,
    expectAccessible,
    saveScreenshot,
  }) => {
    const other = await openContext();
    await signInAnotherDevice(other, user.username, user.password);
    const otherPage = await other.newPage();
    await otherPage.goto('/profile');
    await expect(otherPage.getByRole('heading', { name: 'Security' })).toBeVisible();

    const page = await user.context.newPage();
    await page.goto('/profile');
    const devices = page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem');
    await expect(devices).toHaveCount(2);
    await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
    // Headless Chromium on Linux, summarised at sign-in.
    await expect(devices.first()).toContainText('Chrome on Linux');
    await page.getByRole('heading', { name: 'Security' }).scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await saveScreenshot(page, 'profile-security');

    // A wrong current password is said on its field, and nothing changes.
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('a new secret');
    await page.getByLabel('Confirm new password').fill('a new secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();
    await expect(page.getByLabel('Current password')).toBeFocused();
    await expectAccessible(page);

    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('1 other device was signed out.', { exact: true })).toBeVisible();
    await expect(devices).toHaveCount(1);
    await expect(devices.first()).toContainText('This device');

    // The other browser is signed out on its next navigation; this one stays signed in.
    await otherPage.goto('/profile');
    await expect(otherPage.getByRole('heading', { name: 'Login Required' })).toBeVisible();
    expect((await other.request.get('/api/auth/user')).status()).toBe(401);
    expect((await user.context.request.get('/api/auth/user')).status()).toBe(200);
  });

  test('signs one device out, then every other device, each after a confirmation', async ({
    user,
    openContext,
    expectAccessible,
  }) => {
    const phone = await openContext();
    const laptop = await openContext();
    await signInAnotherDevice(phone, user.username, user.password);
    await signInAnotherDevice(laptop, user.username, user.password);

    const page = await user.context.newPage();
    await page.goto('/profile');
    const devices = page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem');
    await expect(devices).toHaveCount(3);

    // One device: the list is most recently seen first; every other row has its own button.
    await devices
      .filter({ hasNotText: 'This device' })
      .first()
      .getByRole('button', { name: /^Sign out/ })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out this device?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(dialog).toBeHidden();
    await expect(devices).toHaveCount(2);
    const stillIn = await Promise.all(
      [phone, laptop].map(async (c) => (await c.request.get('/api/auth/user')).status()),
    );
    expect(stillIn.sort()).toEqual([200, 401]);

    // Cancelling changes nothing; confirming signs out every other device.
    await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
    const all = page.getByRole('alertdialog', { name: 'Sign out of all other devices?' });
    await all.getByRole('button', { name: 'Cancel' }).click();
    await expect(devices).toHaveCount(2);
    await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
    await all.getByRole('button', { name: 'Sign out' }).click();
    await expect(devices).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Sign out of all other devices' })).toBeHidden();
    for (const context of [phone, laptop]) expect((await context.request.get('/api/auth/user')).status()).toBe(401);
    expect((await user.context.request.get('/api/auth/user')).status()).toBe(200);
  });
});
