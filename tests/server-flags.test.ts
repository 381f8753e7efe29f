import fs from 'node:fs';
import { expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../scripts/build-server';
import { serverArgs } from './support/web-server';

/** The server runs with the same Node flags wherever it runs (decisions 155, 160). */
it("npm start, npm run serve and the test suites' servers run the bundle with SERVER_NODE_FLAGS", () => {
  const { scripts } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const run = `node ${SERVER_NODE_FLAGS.join(' ')} dist/server/server.mjs`;
  expect(scripts.serve).toBe(run);
  expect(scripts.start).toBe(`node scripts/check-node.mjs && npm run build && ${run}`);
  expect(serverArgs('dist/e2e/server.mjs')).toEqual([...SERVER_NODE_FLAGS, 'dist/e2e/server.mjs']);
  expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=32');
});
