import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The first load (decision 094): what web/main.tsx imports statically, through every module it
 * reaches, without following `import()` (pages and popups load on their own). zod and the form
 * code must stay out of it: one stray schema in a module the header or the page table imports
 * put 25 KB of zod back into every page's first load once already.
 */
const root = path.resolve(import.meta.dirname, '..');
const aliases: Record<string, string> = { '@/': 'web/', '@contract/': 'contract/' };
const KEPT_OUT = ['zod', 'react-hook-form', '@hookform/resolvers'];

function resolveLocal(from: string, specifier: string): string | null {
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  const base = alias
    ? path.join(root, aliases[alias]!, specifier.slice(alias.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Static value imports and re-exports of a module (not `import type`, not `import()`). */
function staticImports(source: string): string[] {
  const found: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

function firstLoad(entry: string) {
  const seen = new Map<string, string | null>();
  const packages = new Map<string, string>();
  const queue = [entry];
  seen.set(entry, null);
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of staticImports(fs.readFileSync(file, 'utf8'))) {
      if (/\.(css|svg|png)$/.test(specifier)) continue;
      const local = resolveLocal(file, specifier);
      if (local) {
        if (!seen.has(local)) {
          seen.set(local, file);
          queue.push(local);
        }
      } else if (!specifier.startsWith('.') && !packages.has(specifier)) {
        packages.set(specifier, file);
      }
    }
  }
  return { modules: seen, packages };
}

/** entry → … → file, to say how a module got in. */
function chain(modules: Map<string, string | null>, file: string): string {
  const steps: string[] = [];
  for (let at: string | null | undefined = file; at; at = modules.get(at)) steps.unshift(path.relative(root, at));
  return steps.join(' → ');
}

/**
 * The pages a first visit usually opens, with the shell: the home page and a shared Shro. Neither
 * submits a form, so neither needs zod (docs/decisions/094-route-splitting-first-load.md).
 */
const FIRST_PAGES = ['web/app/routes/home.tsx', 'web/app/routes/session.tsx'];

describe.each(FIRST_PAGES)('the first load of %s', (page) => {
  const { modules, packages } = firstLoad(path.join(root, page));

  it('holds no zod and no form code', () => {
    const offenders = KEPT_OUT.filter((name) => packages.has(name)).map(
      (name) => `${name} via ${chain(modules, packages.get(name)!)}`,
    );
    expect(offenders).toEqual([]);
  });
});

describe('first load', () => {
  const { modules, packages } = firstLoad(path.join(root, 'web/main.tsx'));

  it('walks the app shell (the check itself sees the header and the router)', () => {
    const files = [...modules.keys()].map((file) => path.relative(root, file));
    expect(files).toContain('web/app/router.tsx');
    expect(files).toContain('web/app/layout/header.tsx');
    expect(files).toContain('contract/pages.ts');
  });

  it('holds no zod and no form code', () => {
    const offenders = KEPT_OUT.filter((name) => packages.has(name)).map(
      (name) => `${name} via ${chain(modules, packages.get(name)!)}`,
    );
    expect(offenders).toEqual([]);
  });
});
