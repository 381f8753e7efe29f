import { defineConfig } from 'vitest/config';
import { ciTestOptions } from '../../scripts/vitest-ci';

const root = new URL('../..', import.meta.url).pathname;

/**
 * `npm run test:security`: the authorization matrix, fuzzing, web security, abuse limits,
 * concurrency and log checks against the API (`*.test.ts`, PGlite or DATABASE_URL), and the XSS
 * checks in Chromium against the built app (`*.spec.ts`).
 */
export default defineConfig({
  resolve: {
    alias: {
      '@/': `${root}web/`,
      '@contract/': `${root}contract/`,
    },
  },
  test: {
    root,
    ...ciTestOptions('security'),
    projects: [
      {
        extends: true,
        test: {
          name: 'security-api',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          // Fuzzing one multipart route (image re-encoding per input) can take minutes on a busy 2-core
          // machine; a request left unanswered fails on its own after 20 s (fuzz.test.ts).
          testTimeout: 300_000,
          hookTimeout: 120_000,
          pool: 'forks',
          env: { NODE_ENV: 'test' },
        },
      },
      {
        extends: true,
        test: {
          name: 'security-xss',
          include: ['tests/security/**/*.spec.ts'],
          globalSetup: ['tests/security/web-server-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
