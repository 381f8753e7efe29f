import { defineConfig } from '@playwright/test';
import type { E2EOptions } from './e2e/fixtures';
import { chromiumArgs, chromiumPath } from './tests/support/chromium';
import { freePort } from './tests/support/redis-server';
import { browserTestServerEnv, serverArgs, testServerBundle } from './tests/support/web-server';

/**
 * End-to-end tests (decision 096): Playwright Test drives Debian's Chromium (never a downloaded
 * browser) against the built server, which `webServer` starts on a throw-away database. One
 * project per viewport; a test tagged `@phone-only` or `@desktop-only` runs in that one.
 */
// Chosen once by the runner; its workers load this file again and inherit the variable.
process.env.E2E_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
// The SMTP server e2e/support/global-setup.ts starts; the app under test mails through it.
process.env.E2E_SMTP_PORT ??= String(await freePort());
const baseURL = `http://127.0.0.1:${port}`;
const serverBundle = testServerBundle('e2e');
const reportDir = process.env.CI_REPORT_DIR;

export default defineConfig<E2EOptions>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI, where the browsers share two loaded cores; a test that passes only on its
  // retry is named in CI's summary (decision 131). Locally a failure fails at once.
  retries: process.env.CI ? 1 : 0,
  // Two cores: the server, the runner and the browsers share them. Every test stands alone, so
  // the tests of one file spread over both workers and the run ends evenly.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  // In CI, a JSON report beside Vitest's for scripts/ci-summary.mjs.
  reporter: reportDir
    ? [['list'], ['json', { outputFile: `${reportDir}/${process.env.CI_REPORT_NAME ?? 'local'}-e2e.json` }]]
    : [['list']],
  use: {
    baseURL,
    actionTimeout: 10_000,
    navigationTimeout: 10_000,
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'phone',
      grepInvert: /@desktop-only/,
      use: { viewportName: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { viewportName: 'desktop', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // The server built afresh from the sources (webServer starts before globalSetup).
    command: `node --import tsx scripts/build-server.ts ${serverBundle} && node ${serverArgs(serverBundle).join(' ')}`,
    url: `${baseURL}/readyz`,
    env: { ...browserTestServerEnv(port), SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}` },
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
