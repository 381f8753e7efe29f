import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('installable app', () => {
  it('links a valid manifest with installable icons', async () => {
    const context = await newContext(browser, 'mobile');
    const page = await context.newPage();
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await (await context.request.get(href!)).json();
    expect(manifest).toMatchObject({
      short_name: 'Shro',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1a1625',
    });
    const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const response = await context.request.get(icon.src);
      expect(response.headers()['content-type']).toBe('image/png');
    }
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#1a1625');
    await context.close();
  });

  it('registers a service worker that starts the app offline and never caches the API', async () => {
    const context = await newContext(browser, 'mobile');
    const page = await context.newPage();
    await page.goto('/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${new URL(page.url()).origin}/`);
    // Load once more under the worker's control so every bundle passes through it.
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.evaluate(() => fetch('/api/platform/stats').then((r) => r.text()));
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys()) {
        for (const request of await (await caches.open(key)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/');
    expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Shro Your Friends or Shro The World');
    await context.close();
  });
});
