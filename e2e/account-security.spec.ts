import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { baseURL } from './support/api';

/**
 * Issue 11, items 10 and 11 (docs/decisions/102-signed-in-devices.md): the Security section of
 * Settings. Two browser contexts are two devices of one user.
 */

/** Signs a second device in through the login API (its cookie jar is then signed in). */
async function signInAnotherDevice(context: BrowserContext, username: string, password: string, userAgent?: string) {
  const response = await context.request.post('/api/login', {
    data: { username, password },
    headers: { origin: baseURL(), ...(userAgent ? { 'user-agent': userAgent } : {}) },
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
    await otherPage.goto('/settings');
    await expect(otherPage.getByRole('heading', { name: 'Security' })).toBeVisible();

    const page = await user.context.newPage();
    await page.goto('/settings');
    const devices = page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem');
    await expect(devices).toHaveCount(2);
    await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
    // Headless Chromium on Linux, summarised at sign-in.
    await expect(devices.first()).toContainText('Chrome on Linux');
    await page.getByRole('heading', { name: 'Security' }).scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await saveScreenshot(page, 'settings-security');

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
    await otherPage.goto('/settings');
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
    await page.goto('/settings');
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

  test('each device has the icon of its kind, and "This device" stays on one line', async ({
    user,
    openContext,
    expectAccessible,
    saveScreenshot,
  }) => {
    const devicesSignedIn: [string, string][] = [
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        'Chrome on Android',
      ],
      [
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Safari on iPad',
      ],
    ];
    for (const [userAgent] of devicesSignedIn) {
      await signInAnotherDevice(await openContext(), user.username, user.password, userAgent);
    }
    const page = await user.context.newPage();
    await page.goto('/settings#security');
    const devices = page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem');
    await expect(devices).toHaveCount(3);
    const row = (text: string) => devices.filter({ hasText: text });
    await expect(row('Chrome on Android').locator('svg.lucide-smartphone')).toHaveCount(1);
    await expect(row('Safari on iPad').locator('svg.lucide-tablet')).toHaveCount(1);
    await expect(row('This device').locator('svg.lucide-monitor')).toHaveCount(1);

    const pill = row('This device').getByText('This device', { exact: true });
    const lineHeight = await pill.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    const box = await pill.boundingBox();
    expect(box!.height).toBeLessThan(lineHeight * 2);
    await row('This device').scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await saveScreenshot(page, 'settings-devices');
  });
});
