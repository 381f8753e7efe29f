import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The first load (decision 094): what web/main.tsx imports statically, through every module it
 * reaches, without following `import()` (pages and popups load on their own). zod and the form
 * code must stay out of it: one stray schema in a module the header or the page table imports
 * put all of zod back into every page's first load once already.
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
  return staticImportClauses(source).map(({ specifier }) => specifier);
}

/** The same, with what each one names (`{ Slot }` of `import { Slot } from 'radix-ui'`). */
function staticImportClauses(source: string): { specifier: string; names: string[] }[] {
  const found: { specifier: string; names: string[] }[] = [];
  const pattern = /^\s*(?:import|export)\s+(?!type\s)(?:([^'";]*?)\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) {
    const names = /\{([^}]*)\}/
      .exec(match[1] ?? '')?.[1]
      ?.split(',')
      .map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean);
    found.push({ specifier: match[2]!, names: names ?? [] });
  }
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

/**
 * What only signed-in users see: the header's menus and badges, the arrival toasts, the terms gate,
 * the signed-in home and a member's view of a Shro with its report, mute and block buttons. Each
 * loads on its own once auth says there is a user, so a visitor's first load never holds it
 * (decision 094). One static import from the shell or a first page puts it back for everyone.
 */
const SIGNED_IN_ONLY = [
  'web/app/layout/signed-in-shell.tsx',
  'web/app/layout/signed-in-menus.tsx',
  'web/app/layout/use-arrival-toasts.tsx',
  'web/app/layout/use-unread-counts.ts',
  'web/features/auth/components/terms-gate.tsx',
  'web/features/home/components/member-home.tsx',
  'web/features/home/components/home-inbox.tsx',
  'web/features/friends/components/home-friend-requests.tsx',
  'web/features/shros/components/session/shro-view.tsx',
  'web/features/shros/components/session/opened-box.tsx',
  'web/features/blocks/components/safety-menu.tsx',
  'web/features/moderation/components/report-button.tsx',
  'web/features/notifications/components/push-prompt.tsx',
];

/** Radix popups load on intent (decision 094); `Slot` (the buttons' `asChild`) is all the first load may use. */
const RADIX_ALLOWED = ['Slot'];

function signedInOnlyIn(modules: Map<string, string | null>): string[] {
  return SIGNED_IN_ONLY.map((file) => path.join(root, file))
    .filter((file) => modules.has(file))
    .map((file) => chain(modules, file));
}

function radixPopupsIn(modules: Map<string, string | null>): string[] {
  const offenders: string[] = [];
  for (const file of modules.keys()) {
    for (const { specifier, names } of staticImportClauses(fs.readFileSync(file, 'utf8'))) {
      if (specifier !== 'radix-ui' && !specifier.startsWith('@radix-ui/')) continue;
      const popups = specifier === 'radix-ui' ? names.filter((name) => !RADIX_ALLOWED.includes(name)) : [specifier];
      if (popups.length > 0) offenders.push(`${popups.join(', ')} via ${chain(modules, file)}`);
    }
  }
  return offenders;
}

describe.each(FIRST_PAGES)('the first load of %s', (page) => {
  const { modules, packages } = firstLoad(path.join(root, page));

  it('holds no zod and no form code', () => {
    const offenders = KEPT_OUT.filter((name) => packages.has(name)).map(
      (name) => `${name} via ${chain(modules, packages.get(name)!)}`,
    );
    expect(offenders).toEqual([]);
  });

  it('holds nothing only signed-in users see', () => {
    expect(signedInOnlyIn(modules)).toEqual([]);
  });

  it('holds no Radix popup', () => {
    expect(radixPopupsIn(modules)).toEqual([]);
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

  it('holds nothing only signed-in users see, and no Radix popup', () => {
    expect(signedInOnlyIn(modules)).toEqual([]);
    expect(radixPopupsIn(modules)).toEqual([]);
  });

  it('holds no Capacitor code (the native shell imports its plugins when it runs, decision 163)', () => {
    const offenders = [...packages.keys()]
      .filter((name) => name.startsWith('@capacitor/'))
      .map((name) => `${name} via ${chain(modules, packages.get(name)!)}`);
    expect(offenders).toEqual([]);
  });

  it('sees the signed-in parts it keeps out (the check itself follows them)', () => {
    // Reached through `import()` only, so the walk must not see them; each exists where named.
    for (const file of SIGNED_IN_ONLY) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });
});
