import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestContext } from '../../test/test-app';
import { fakeWebDist } from '../../test/web-dist';

/* The well-known files of Android App Links and iOS universal links (decision 164). */

const FINGERPRINT_A = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0').toUpperCase()).join(':');
const FINGERPRINT_B = Array.from({ length: 32 }, () => 'AB').join(':');

let configured: TestContext;
let unconfigured: TestContext;
const web = fakeWebDist();
beforeAll(async () => {
  // With a built web app, so that the SPA fallback is there to (not) answer these paths.
  const webDist = web.dir;
  const appLinks = loadConfig({
    ANDROID_CERT_SHA256: `${FINGERPRINT_A.toLowerCase()}, ${FINGERPRINT_B}`,
    APPLE_TEAM_ID: 'abcde12345',
  }).appLinks;
  [configured, unconfigured] = await Promise.all([createTestApp({ appLinks, webDist }), createTestApp({ webDist })]);
});
afterAll(async () => {
  await Promise.all([configured?.close(), unconfigured?.close()]);
  web.remove();
});

const get = (ctx: TestContext, url: string) => ctx.app.inject({ method: 'GET', url });

describe('GET /.well-known/assetlinks.json', () => {
  it('names the Android app and its signing certificates, as JSON, straight from this path', async () => {
    const response = await get(configured, '/.well-known/assetlinks.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    // Data, not a page: the CSP that lets nothing load (decision 141).
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'app.shro.mobile',
          sha256_cert_fingerprints: [FINGERPRINT_A, FINGERPRINT_B],
        },
      },
    ]);
  });

  it('is a 404 {message} without ANDROID_CERT_SHA256, never the web app', async () => {
    const response = await get(unconfigured, '/.well-known/assetlinks.json');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      message: 'Android App Links are not configured on this server.',
      code: expect.any(String),
    });
  });
});

describe('GET /.well-known/apple-app-site-association', () => {
  it('names the iOS app and the paths it opens, as JSON with no file extension, straight from this path', async () => {
    const response = await get(configured, '/.well-known/apple-app-site-association');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers.location).toBeUndefined();
    const appId = 'ABCDE12345.app.shro.mobile';
    const paths = ['/session/*', '/invite/*', '/@*'];
    expect(response.json()).toEqual({
      applinks: {
        apps: [],
        details: [{ appID: appId, paths, appIDs: [appId], components: paths.map((path) => ({ '/': path })) }],
      },
    });
  });

  it('is a 404 {message} without APPLE_TEAM_ID, never the web app', async () => {
    const response = await get(unconfigured, '/.well-known/apple-app-site-association');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      message: 'iOS universal links are not configured on this server.',
      code: expect.any(String),
    });
  });
});

describe('other paths under /.well-known/', () => {
  it('are JSON 404s, not the web app', async () => {
    const response = await get(configured, '/.well-known/security.txt');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      message: 'Route GET /.well-known/security.txt not found',
      code: expect.any(String),
    });
    // A page path still gets the app.
    expect((await get(configured, '/explore')).headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('the settings', () => {
  it('default to app.shro.mobile and nothing to declare', () => {
    expect(loadConfig({}).appLinks).toEqual({
      androidAppId: 'app.shro.mobile',
      androidCertFingerprints: [],
      iosBundleId: 'app.shro.mobile',
    });
  });

  it.each([
    [{ ANDROID_CERT_SHA256: 'AB:CD' }, /ANDROID_CERT_SHA256 must be a comma list of SHA-256 fingerprints/],
    [{ ANDROID_CERT_SHA256: `${FINGERPRINT_A},${FINGERPRINT_A}:00` }, /ANDROID_CERT_SHA256/],
    [{ ANDROID_CERT_SHA256: FINGERPRINT_A.replaceAll(':', '') }, /ANDROID_CERT_SHA256/],
    [{ APPLE_TEAM_ID: 'ABC' }, /APPLE_TEAM_ID must be 10 letters or digits/],
    [{ APPLE_TEAM_ID: 'ABCDE-1234' }, /APPLE_TEAM_ID/],
    [{ ANDROID_APP_ID: 'shro' }, /ANDROID_APP_ID must be an app id/],
    [{ IOS_BUNDLE_ID: 'app.shro/mobile' }, /IOS_BUNDLE_ID must be an app id/],
  ])('refuse to start with %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
