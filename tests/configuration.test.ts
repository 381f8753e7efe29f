import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/configuration.md stays the whole truth about the environment: every variable the server
 * reads has a row, every row of its Server section is read, and a whole-number default in the
 * table is the one server/config.ts falls back to.
 */
const root = new URL('..', import.meta.url).pathname;
const doc = readFileSync(join(root, 'docs/configuration.md'), 'utf8');
const configSource = readFileSync(join(root, 'server/config.ts'), 'utf8');

const envName = /^[A-Z][A-Z0-9_]{2,}$/;

/** The server's own code: everything under server/ but its tests and test helpers. */
function serverFiles(dir = join(root, 'server')): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test' && entry.name !== 'migrations') out.push(...serverFiles(path));
    } else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
      out.push(path);
    }
  }
  return out;
}

/** Every environment variable the server reads, with the file that reads it. */
function variablesRead(): Map<string, string> {
  const read = new Map<string, string>();
  const add = (name: string | undefined, file: string) => {
    if (name !== undefined && envName.test(name) && !read.has(name)) read.set(name, relative(root, file));
  };
  for (const file of serverFiles()) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:process\.)?env(?:\?)?\.([A-Z][A-Z0-9_]+)/g)) add(m[1], file);
    for (const m of text.matchAll(/\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g)) add(m[1], file);
    for (const m of text.matchAll(/\b\w+FromEnv\(\s*(?:env,\s*)?['"]([A-Z][A-Z0-9_]+)['"]/g)) add(m[1], file);
  }
  // The S3 settings are named in one list and read through `env[name]`.
  const s3List = configSource.match(/const S3_SETTINGS = \[([^\]]*)\]/);
  for (const m of (s3List?.[1] ?? '').matchAll(/'([A-Z0-9_]+)'/g)) add(m[1], join(root, 'server/config.ts'));
  return read;
}

/** The rows of one `## Section` of docs/configuration.md: the names in the first column and the defaults. */
function rowsOf(section: string): { names: string[]; defaults: string[] }[] {
  const start = doc.indexOf(`\n## ${section}\n`);
  if (start < 0) return [];
  const end = doc.indexOf('\n## ', start + 1);
  const body = doc.slice(start, end < 0 ? undefined : end);
  return body
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      return {
        names: [...(cells[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] ?? ''),
        defaults: (cells[2] ?? '').split(' / ').map((value) => value.replaceAll('`', '').trim()),
      };
    });
}

const documented = new Set(
  ['Server', 'Build time', 'Tests and tools'].flatMap((section) => rowsOf(section).flatMap((row) => row.names)),
);

describe('docs/configuration.md', () => {
  it('has a row for every environment variable the server reads', () => {
    const read = variablesRead();
    expect(read.size).toBeGreaterThan(40);
    const missing = [...read].filter(([name]) => !documented.has(name));
    const message = missing.map(([name, file]) => `${name} (read in ${file}) has no row in docs/configuration.md`);
    expect(missing, message.join('\n')).toEqual([]);
  });

  it('documents no server variable that the server does not read', () => {
    const read = variablesRead();
    const stale = rowsOf('Server')
      .flatMap((row) => row.names)
      .filter((name) => !read.has(name));
    const message = stale.map((name) => `docs/configuration.md documents ${name}, which nothing under server/ reads`);
    expect(stale, message.join('\n')).toEqual([]);
  });

  it('gives the defaults server/config.ts falls back to', () => {
    const fallbacks = new Map<string, number>();
    for (const m of configSource.matchAll(/\bintFromEnv\(\s*'([A-Z0-9_]+)',\s*([\d_ *]+)\)/g)) {
      const [, name = '', expression = ''] = m;
      fallbacks.set(
        name,
        expression.split('*').reduce((product, factor) => product * Number(factor.replaceAll('_', '')), 1),
      );
    }
    const wrong: string[] = [];
    for (const row of rowsOf('Server')) {
      if (row.names.length !== row.defaults.length) continue;
      row.names.forEach((name, i) => {
        const fallback = fallbacks.get(name);
        if (fallback !== undefined && Number(row.defaults[i]) !== fallback) {
          wrong.push(
            `${name}: docs/configuration.md says ${row.defaults[i]}, server/config.ts falls back to ${fallback}`,
          );
        }
      });
    }
    expect(fallbacks.size).toBeGreaterThan(30);
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});
