import { defineConfig } from 'vitest/config';
import { ciTestOptions } from '../../scripts/vitest-ci';

/**
 * `npm run test:faults`: drills against the real server as a child process, with a private
 * PostgreSQL cluster and a private redis-server that the tests start, stop and crash themselves
 * (never the machine's shared ones). One file at a time: they are heavy and time-sensitive.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/faults/**/*.test.ts'],
    globalSetup: ['tests/faults/build-server-setup.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
    env: { NODE_ENV: 'test' },
    ...ciTestOptions('faults'),
  },
});
