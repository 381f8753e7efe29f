/**
 * The server's production build (decision 155): `server/server.ts` and everything it imports from
 * this repository bundled by esbuild into one ES module, `dist/server/server.mjs`, with the SQL
 * migrations and the server's catalogs copied beside it (server/db/client.ts finds them next to its own code). npm packages
 * stay outside the bundle and load from node_modules, as in development.
 *
 * Why: through tsx every closure carries a `__name` helper call (esbuild's keepNames) and tsx's
 * loader keeps the sources and their maps; the bundle has neither, so it uses less memory and
 * answers faster (decision 155; the figures are in bench/results.md).
 *
 * Run by `npm run build` (and so by `npm start`). The browser tests, the security suite's browser
 * server and the fault drills build their own copy under `dist/<suite>/` from the sources of the
 * moment (tests/support/web-server.ts); `bench/children.ts` builds its server children the same
 * way with `bundleServer`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How the bundle is run, wherever it runs (`npm start` and `npm run serve` spell the same in
 * package.json; the test suites and the bench start their copies with these): source maps for
 * stacks (decision 155), and a young generation of up to 32 MB per semi-space instead of V8's 16,
 * so a busy server collects its short-lived garbage half as often (decision 160).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32'] as const;

/** Bundles `entry` (a path from the repository's root) into `outfile`, migrations beside it. */
export async function bundleServer(entry: string, outfile: string): Promise<void> {
  const out = path.resolve(root, outfile);
  // Bare imports resolve from the bundle's folder, so it must sit inside the repository.
  if (path.relative(root, out).startsWith('..')) throw new Error(`${outfile} is outside the repository`);
  await build({
    entryPoints: [path.join(root, entry)],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // Beside the bundle, where server/db/client.ts and server/i18n/catalogs.ts look for them.
  for (const [source, folder] of [
    ['server/db/migrations', 'migrations'],
    ['server/i18n/locales', 'locales'],
  ] as const) {
    const target = path.join(path.dirname(out), folder);
    fs.rmSync(target, { recursive: true, force: true });
    fs.cpSync(path.join(root, source), target, { recursive: true });
  }
}

// Run as a command (`npm run build:server`), it writes `npm start`'s bundle, or the file given
// (test suites build their own copy, never touching dist/server). argv[1] is compared once
// symlinks are resolved, as import.meta.url's are.
if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundleServer('server/server.ts', process.argv[2] ?? 'dist/server/server.mjs');
}
