import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const lingui = (...args: string[]) => run('npx', ['lingui', 'check', ...args, '--workers', '1'], { timeout: 120_000 });

/**
 * Issue 36 item 2: the shipped catalogs hold exactly the messages the code uses (no message left
 * out, none kept after the code dropped it), and every language translates every one of them.
 */
describe('the web catalogs', () => {
  it('are what `npm run i18n:extract` would write', async () => {
    await expect(lingui('sync')).resolves.toMatchObject({ stdout: expect.stringContaining('PASS') });
  });

  it('translate every message in every language, before any fallback to English', async () => {
    await expect(lingui('missing', '--mode', 'catalog')).resolves.toMatchObject({
      stdout: expect.stringContaining('PASS'),
    });
  });
});

describe("the server's catalogs", () => {
  it('hold every server text, each translated in every language', async () => {
    await expect(
      run('node', ['--import', 'tsx', 'scripts/server-catalogs.ts', '--check'], { timeout: 60_000 }),
    ).resolves.toBeDefined();
  });
});
