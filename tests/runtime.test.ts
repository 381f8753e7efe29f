import fs from 'node:fs';
import { expect, it } from 'vitest';

const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
  scripts: Record<string, string>;
};

/** The project brings its own LTS Node from the npm registry (decision 162). */
it('runs on the pinned Node that package.json brings, whatever Node the machine has', () => {
  const pinned = pkg.devDependencies.node ?? '';
  expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
  expect(process.versions.node).toBe(pinned);
  const [major, minor] = pinned.split('.');
  expect(Number(major) % 2).toBe(0);
  expect(pkg.engines.node).toBe(`>=${major}.${minor}`);
  expect(pkg.allowScripts.node).toBe(true);
  expect(pkg.scripts.test?.startsWith('node scripts/check-node.mjs && ')).toBe(true);
});
