import { defineConfig } from 'vitest/config';
import { ciReporters } from '../scripts/vitest-reporters';

/** End-to-end tests: one built server for the run, Chromium driven by playwright-core. */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
    ...ciReporters('e2e'),
  },
});
