import { defineConfig } from 'vitest/config';
import { ciTestOptions } from './scripts/vitest-ci';
import { linguiPlugins } from './vite.config';

export default defineConfig({
  plugins: linguiPlugins(),
  resolve: {
    alias: {
      '@/': new URL('./web/', import.meta.url).pathname,
      '@contract/': new URL('./contract/', import.meta.url).pathname,
    },
  },
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'tests/*.test.ts'],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    env: { NODE_ENV: 'test' },
    ...ciTestOptions('api'),
  },
});
