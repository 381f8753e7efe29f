import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_PAGE_TEXTS } from '../lib/offline-page';
import { createTestApp, type TestContext } from '../test/test-app';
import { fakeWebDist } from '../test/web-dist';

/** Issue 36 item 4: the HTML already carries the reader's language, before any script runs. */
let ctx: TestContext;
let webDist: ReturnType<typeof fakeWebDist>;

beforeAll(async () => {
  webDist = fakeWebDist({
    pages: { home: ['/assets/home.js'] },
    locales: { es: ['/assets/es.js'], ar: ['/assets/ar.js'] },
  });
  fs.copyFileSync('web/public/offline.html', path.join(webDist.dir, 'offline.html'));
  ctx = await createTestApp({ webDist: webDist.dir });
});
afterAll(async () => {
  await ctx.close();
  webDist.remove();
});

const page = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/', headers });

describe("a page's language", () => {
  it("follows the browser's Accept-Language, with its catalog preloaded", async () => {
    const answer = await page({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(answer.body).toContain('<html lang="es" dir="ltr"');
    expect(answer.body).toContain('<link rel="modulepreload" crossorigin href="/assets/es.js">');
    expect(answer.body).not.toContain('/assets/ar.js');
    expect(String(answer.headers.vary).toLowerCase()).toContain('accept-language');
  });

  it("prefers a visitor's cookie, and writes Arabic right to left", async () => {
    const answer = await page({ 'accept-language': 'es', cookie: 'shro_locale=ar' });
    expect(answer.body).toContain('<html lang="ar" dir="rtl"');
    expect(answer.body).toContain('href="/assets/ar.js"');
  });

  it('is English for a language Shro does not speak or a cookie it does not know', async () => {
    const cases: Record<string, string>[] = [
      { 'accept-language': 'zh-CN' },
      { cookie: 'shro_locale=xx"><script>' },
      {},
    ];
    for (const headers of cases) {
      const answer = await page(headers);
      expect(answer.body).toContain('<html lang="en" dir="ltr"');
      expect(answer.body).not.toMatch(/assets\/(es|ar)\.js/);
      expect(answer.body).not.toContain('<script>');
    }
  });
});

describe('the offline page, kept by the service worker in the language of the reader it installs for', () => {
  const offline = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/offline.html', headers });

  it("is the spec's English for an English reader, the file as written", async () => {
    const answer = await offline({ 'accept-language': 'en-US' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/html');
    const file = fs.readFileSync('web/public/offline.html', 'utf8');
    expect(answer.body).toBe(file.replace('<html lang="en">', '<html lang="en" dir="ltr">'));
    expect(String(answer.headers.vary).toLowerCase()).toContain('accept-language');
  });

  it.each([
    ['es', 'ltr'],
    ['ar', 'rtl'],
  ])('is in %s for a reader who chose it, every sentence translated', async (locale, dir) => {
    const answer = await offline({ 'accept-language': 'en', cookie: `shro_locale=${locale}` });
    expect(answer.body).toContain(`<html lang="${locale}" dir="${dir}"`);
    for (const english of Object.values(OFFLINE_PAGE_TEXTS)) expect(answer.body).not.toContain(`>${english}<`);
    expect(answer.body).toContain(locale === 'es' ? '>Estás sin conexión<' : '>أنت غير متصل<');
    // Its script and styles are the page's own still.
    expect(answer.body).toContain('<script src="/offline.js"></script>');
  });
});
