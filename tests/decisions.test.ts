import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The decision records stay usable: docs/decisions/README.md indexes every record, nothing in the
 * codebase cites a record that does not exist (a superseded record is deleted and its citations
 * move to the record that replaced it; a benchmark log lives in bench/history.md, not here), no
 * record is longer than a newcomer will read, and none is amended in place (a change of mind is a
 * new record that replaces part of the old one, and the old one is rewritten to read as current).
 */
const root = new URL('..', import.meta.url).pathname;
const decisionsDir = join(root, 'docs/decisions');
const indexPath = join(decisionsDir, 'README.md');

const recordFiles = readdirSync(decisionsDir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();
const recordNumbers = new Set(recordFiles.map((name) => name.slice(0, 3)));

/** The most words a record may have, counted as `wc -w` counts them (runs of non-space). */
const maxRecordWords = 800;
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** A heading or a bold lead-in that marks an amendment made in place. */
const amendmentHeading = /^(?:#{1,6}\s+|\*\*)[^\n]*\bamend(?:ment|ed)\b/im;

/** Folders and files a citation may sit in; generated and installed code is left out. */
const scanned = ['server', 'web', 'contract', 'scripts', 'bench', 'tests', 'e2e', 'docs', '.ci'];
const scannedFiles = ['README.md', 'SECURITY.md', 'package.json', 'biome.json', 'knip.jsonc', 'vite.config.ts'];
const skippedDirs = new Set(['node_modules', 'dist', 'screenshots', 'test-results', 'playwright-report']);
const textFile = /\.(ts|tsx|mts|mjs|js|json|jsonc|md|css|html|sh|ya?ml)$|^run$/;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skippedDirs.has(entry.name)) out.push(...filesUnder(path));
    } else if (textFile.test(entry.name)) {
      out.push(path);
    }
  }
  return out;
}

function sourceFiles(): string[] {
  const files = scanned.flatMap((dir) => {
    const path = join(root, dir);
    try {
      return statSync(path).isDirectory() ? filesUnder(path) : [];
    } catch {
      return [];
    }
  });
  return [...files, ...scannedFiles.map((name) => join(root, name))];
}

/**
 * A citation: "decision 142", "decisions 116, 117", "decisions 098 and 132", "docs/decisions/092-…",
 * and in the records' status lines "replaces part of 119", "amended by 136", "superseded by 155".
 */
const citation =
  /\b(?:decisions?|records?|amends|amended by|supersedes|superseded by|replaced by|replaces part of)\s+((?:\d{3})(?:(?:\s*,\s*|\s+and\s+|\s*[–-]\s*)\d{3}\b)*)/gi;
const pathCitation = /docs\/decisions\/(\d{3})\b/g;

/** Every record number `text` cites, with its line. */
function citedRecords(text: string): { number: string; line: number }[] {
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const found: { number: string; line: number }[] = [];
  for (const match of text.matchAll(citation)) {
    for (const number of (match[1] ?? '').match(/\d{3}/g) ?? []) found.push({ number, line: lineOf(match.index) });
  }
  for (const match of text.matchAll(pathCitation)) found.push({ number: match[1] ?? '', line: lineOf(match.index) });
  return found;
}

describe('decision records', () => {
  it('finds the citation forms the codebase uses', () => {
    const text =
      'see decision 142; decisions 116, 117 and\n118; (docs/decisions/092-one-owner.md); amends 119; replaces part of 023';
    expect(citedRecords(text).map((c) => c.number)).toEqual(['142', '116', '117', '118', '119', '023', '092']);
  });

  it('counts words as wc -w does and finds an amendment heading', () => {
    expect(wordCount('  one two\n\tthree — µs  ')).toBe(5);
    expect(amendmentHeading.test('# 023: Title\n\n### Amendment (2026-11-29): turns')).toBe(true);
    expect(amendmentHeading.test('## Amended 2026-11-30\n')).toBe(true);
    expect(amendmentHeading.test('**Amendment:** the batch is 32 KB')).toBe(true);
    expect(amendmentHeading.test('## Decision\n\nThe old record was amended in place; not any more.')).toBe(false);
  });

  it(`no record is longer than ${maxRecordWords} words`, () => {
    const long = recordFiles
      .map((name) => ({ name, words: wordCount(readFileSync(join(decisionsDir, name), 'utf8')) }))
      .filter(({ words }) => words > maxRecordWords)
      .map(
        ({ name, words }) =>
          `docs/decisions/${name} has ${words} words (at most ${maxRecordWords}: move run-by-run figures to bench/history.md)`,
      );
    expect(long, long.join('\n')).toEqual([]);
  });

  it('no record holds an "Amendment" section: a change of mind is a new record', () => {
    const amended = recordFiles
      .filter((name) => amendmentHeading.test(readFileSync(join(decisionsDir, name), 'utf8')))
      .map(
        (name) =>
          `docs/decisions/${name} has an amendment heading: fold the current decision into the record, or write a new record that replaces part of it`,
      );
    expect(amended, amended.join('\n')).toEqual([]);
  });

  it('every record has a row in docs/decisions/README.md', () => {
    const index = readFileSync(indexPath, 'utf8');
    const missing = recordFiles.filter((name) => !index.includes(`](${name})`));
    const message = missing
      .map(
        (name) =>
          `docs/decisions/${name} has no row in docs/decisions/README.md (add "| [${name.slice(0, 3)}](${name}) | … |")`,
      )
      .join('\n');
    expect(missing, message).toEqual([]);
  });

  it('every row of docs/decisions/README.md links to a record that exists', () => {
    const index = readFileSync(indexPath, 'utf8');
    const links = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1] ?? '');
    expect(links.length).toBeGreaterThan(0);
    const broken = links.filter((name) => !recordFiles.includes(name));
    expect(
      broken,
      broken.map((name) => `docs/decisions/README.md links to ${name}, which does not exist`).join('\n'),
    ).toEqual([]);
  });

  it('no file cites a record that does not exist', () => {
    const dangling: string[] = [];
    for (const file of sourceFiles()) {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      for (const { number, line } of citedRecords(text)) {
        if (!recordNumbers.has(number))
          dangling.push(`${relative(root, file)}:${line} cites decision ${number}, which does not exist`);
      }
    }
    expect(dangling, dangling.join('\n')).toEqual([]);
  });
});
