import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { ciTestOptions } from './scripts/vitest-ci';

export default defineConfig({
  plugins: [lingui({ macroTransform: true })],
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
