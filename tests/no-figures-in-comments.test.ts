import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Measured figures live in bench/results.md, bench/history.md and the decision records, not in code
 * comments, where they go stale unseen: a comment states the rule and cites the record. A constant's
 * own value ("10 s to send the headers") is a rule, not a measurement, and is not matched.
 */
const root = new URL('..', import.meta.url).pathname;
const scanned = ['server', 'web', 'contract', 'scripts', 'bench', 'tests', 'e2e'];
const skippedDirs = new Set(['node_modules', 'dist', 'screenshots', 'test-results', 'migrations']);
const sourceFile = /\.(ts|tsx|mts|mjs|js)$/;

/** What a measurement reads like; each names the unit or the comparison that gives it away. */
const measurementPatterns: { name: string; pattern: RegExp }[] = [
  { name: 'a time in microseconds', pattern: /\d\s*(?:µs|μs|us)\b/i },
  {
    name: 'milliseconds of CPU',
    pattern: /\d\s*ms\s+(?:of\s+(?:CPU|the main thread)|per\s+(?:pick|read|request|event))/i,
  },
  {
    name: 'a percentage gained or lost',
    pattern: /\d\s*%\s*(?:less|more|fewer|faster|slower|smaller|larger|of the (?:app|main thread|CPU))/i,
  },
  { name: 'a ratio faster or slower', pattern: /\d\s*(?:x|×)\s*(?:faster|slower|more|less|the (?:ceiling|speed))/i },
  {
    name: 'a throughput',
    pattern: /\d[\d,.]*\s*k?\s*(?:req|requests|picks|reads|writes)(?:\/s|\s+(?:a|per)\s+second)\b/i,
  },
  { name: 'memory saved or grown', pattern: /\d\s*[KMG]i?B\s+(?:less|more|saved|smaller|larger|off|of memory)/i },
  {
    name: 'a before and after',
    pattern: /\b(?:fell|rose|dropped|went)\s+(?:from\s+)?[~≈]?\d[\d,.]*\s*\S*\s+to\s+[~≈]?\d/i,
  },
  { name: 'a figure that rose or fell', pattern: /\b(?:rose|fell|dropped|improved)\s+(?:by\s+)?[~≈]?\d[\d,.]*\s*%/i },
  {
    name: 'a saving',
    pattern:
      /\b(?:saves?|saved|saving|gains?|gained|shaves?|shaved|cuts?)\s+(?:about\s+|some\s+|[~≈])?\d[\d,.]*(?:\s*[–-]\s*[\d,.]+)?\s*(?:µs|μs|us|ms|%|[KMG]i?B)(?![\w/])/i,
  },
  {
    name: 'a time something took',
    pattern:
      /\b(?:takes|took|costs?|costing|spent|spends)\s+(?:about\s+|[~≈])?\d[\d,.]*(?:\s*[–-]\s*[\d,.]+)?\s*(?:µs|μs|us|ms)(?![\w/])/i,
  },
];

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skippedDirs.has(entry.name)) out.push(...filesUnder(path));
    } else if (sourceFile.test(entry.name) && entry.name !== 'no-figures-in-comments.test.ts') {
      out.push(path);
    }
  }
  return out;
}

/** The comments of a source file with the line each starts on, found by TypeScript's parser. */
function commentsOf(path: string, text: string): { text: string; line: number }[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : path.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  const starts = new Set<number>();
  const comments: { text: string; line: number }[] = [];
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (starts.has(range.pos)) continue;
      starts.add(range.pos);
      comments.push({
        text: text.slice(range.pos, range.end),
        line: source.getLineAndCharacterOfPosition(range.pos).line + 1,
      });
    }
  };
  // The trivia before a node and after it: the latter holds a block's last comments, before its `}`.
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getLeadingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return comments;
}

/** Every comment of `text` that states a measured figure, with what gave it away. */
function figuresIn(path: string, text: string): string[] {
  const found: string[] = [];
  // Parsing is the slow part: a file with nothing that could match is not parsed.
  if (!measurementPatterns.some(({ pattern }) => pattern.test(text.replace(/\s*\n\s*(?:\*\s?)?/g, ' ')))) return found;
  for (const comment of commentsOf(path, text)) {
    const flat = comment.text.replace(/\s*\n\s*(?:\*\s?)?/g, ' ');
    for (const { name, pattern } of measurementPatterns) {
      const match = flat.match(pattern);
      if (match) found.push(`line ${comment.line}: ${name} ("${match[0]}")`);
    }
  }
  return found;
}

describe('no measured figures in code comments', () => {
  it('recognises a measurement and leaves a rule alone', () => {
    const measured = '/** Formatted here: a cached read spent 4–8.5 µs less CPU than with pino. */\nconst a = 1;';
    const rule = '// 10 s to send the headers; 5 MB per image (decision 013).\nconst b = 2;';
    expect(figuresIn('x.ts', measured)).not.toEqual([]);
    expect(figuresIn('x.ts', rule)).toEqual([]);
    expect(figuresIn('x.ts', "const s = '2 µs'; // a string is not a comment")).toEqual([]);
  });

  it('recognises a saving and a time taken, in line and block comments', () => {
    const flagged = [
      '// Formatted here: 4–8.5 µs less CPU than through pino.\nconst a = 1;',
      '// Keeping the compressed forms saves 12 ms per read.\nconst a = 1;',
      '/** One hook per phase saved about 2 % of a read. */\nconst a = 1;',
      '// A stopped worker takes 50 ms to start on a phone.\nconst a = 1;',
      '/*\n * The batch costs ~3.5 ms\n * on one core.\n */\nconst a = 1;',
    ];
    for (const text of flagged) expect(figuresIn('x.ts', text), text).not.toEqual([]);
    const rules = [
      '// The toast has 500 ms on screen before the page leaves (docs/product.md).\nconst a = 1;',
      '// Polls every 2000 ms (docs/product.md §9).\nconst a = 1;',
      '// Batches of 32 KB or at most a second (decision 158).\nconst a = 1;',
      '// Saves the draft to localStorage (decision 017).\nconst a = 1;',
    ];
    for (const text of rules) expect(figuresIn('x.ts', text), text).toEqual([]);
  });

  it('no comment under server/, web/, contract/, scripts/, bench/, tests/ or e2e/ states one', () => {
    const offenders: string[] = [];
    for (const dir of scanned) {
      for (const path of filesUnder(join(root, dir))) {
        for (const found of figuresIn(path, readFileSync(path, 'utf8')))
          offenders.push(`${relative(root, path)} ${found}`);
      }
    }
    expect(
      offenders,
      `State the rule and cite the decision record instead; the figures go to bench/results.md or the record:\n${offenders.join('\n')}`,
    ).toEqual([]);
  });
});
