import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/hot-paths.md stays true to the code: every source file an entry names exists, and every test
 * it says guards an optimisation exists under that exact title, so a renamed file or test fails here
 * instead of leaving the map pointing at nothing.
 */
const root = new URL('..', import.meta.url).pathname;
const mapPath = join(root, 'docs/hot-paths.md');

interface Entry {
  title: string;
  sources: string[];
  guards: { file: string; title: string }[];
}

/** A repository path in backquotes: a folder, a slash and a file name with its extension. */
const sourcePath = /`([\w.-]+(?:\/[\w.-]+)+\.[a-z]+)`/g;
/** A guard line: "  - `tests/x.test.ts` — the test's exact title". */
const guardLine = /^\s+- `([^`]+\.(?:test|spec)\.tsx?)` — (.+)$/;

/** The entries of the map: each `###` section with its Where line and its Guarded by list. */
function entriesOf(text: string): Entry[] {
  const entries: Entry[] = [];
  let current: Entry | undefined;
  let inGuards = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) {
      current = undefined;
      inGuards = false;
    } else if (line.startsWith('### ')) {
      current = { title: line.slice(4).trim(), sources: [], guards: [] };
      entries.push(current);
      inGuards = false;
    } else if (current && line.startsWith('- **Where:**')) {
      current.sources.push(...[...line.matchAll(sourcePath)].map((m) => m[1] ?? ''));
    } else if (current && line.startsWith('- **Guarded by:**')) {
      inGuards = true;
    } else if (current && inGuards) {
      const guard = guardLine.exec(line);
      if (guard) current.guards.push({ file: guard[1] ?? '', title: (guard[2] ?? '').trim() });
      else inGuards = false;
    }
  }
  return entries;
}

/** Whether `source` holds a test named `title`, as the string literal its `it`/`test` call is given. */
function hasTestTitled(source: string, title: string): boolean {
  const escaped = (quote: string) => title.replaceAll('\\', '\\\\').replaceAll(quote, `\\${quote}`);
  return ["'", '"', '`'].some((quote) => source.includes(`${quote}${escaped(quote)}${quote}`));
}

describe('docs/hot-paths.md', () => {
  const entries = entriesOf(readFileSync(mapPath, 'utf8'));

  it('reads an entry as the map writes it', () => {
    const sample = [
      '## Server',
      '### A cache',
      '- **Where:** `server/lib/a.ts` (`thing`), `web/b.tsx`',
      '- **Guarded by:**',
      "  - `server/lib/a.test.ts` — keeps what it was given, 'quoted' too",
      '- **May simplify:** nothing.',
    ].join('\n');
    expect(entriesOf(sample)).toEqual([
      {
        title: 'A cache',
        sources: ['server/lib/a.ts', 'web/b.tsx'],
        guards: [{ file: 'server/lib/a.test.ts', title: "keeps what it was given, 'quoted' too" }],
      },
    ]);
    expect(
      hasTestTitled("it('keeps what it was given, \\'quoted\\' too', () => {", "keeps what it was given, 'quoted' too"),
    ).toBe(true);
    expect(hasTestTitled("it('keeps what it was given', () => {", 'keeps what it was')).toBe(false);
  });

  it('lists entries, each with a source file and a guarding test', () => {
    expect(entries.length).toBeGreaterThan(10);
    const incomplete = entries
      .filter((entry) => entry.sources.length === 0 || entry.guards.length === 0)
      .map((entry) => `"${entry.title}" needs a **Where:** with a file and a **Guarded by:** with a test`);
    expect(incomplete, incomplete.join('\n')).toEqual([]);
  });

  it('names only source files that exist', () => {
    const missing = entries.flatMap((entry) =>
      entry.sources
        .filter((path) => !existsSync(join(root, path)))
        .map((path) => `"${entry.title}" names ${path}, which does not exist`),
    );
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('names only guarding tests that exist, under their exact titles', () => {
    const broken = entries.flatMap((entry) =>
      entry.guards.flatMap(({ file, title }) => {
        const path = join(root, file);
        if (!existsSync(path)) return [`"${entry.title}" is guarded by ${file}, which does not exist`];
        return hasTestTitled(readFileSync(path, 'utf8'), title)
          ? []
          : [`"${entry.title}": ${file} has no test titled "${title}"`];
      }),
    );
    expect(broken, broken.join('\n')).toEqual([]);
  });
});
