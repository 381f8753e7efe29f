/**
 * The tailwind-merge configuration `cn` uses (web/lib/tailwind-merge-config.ts): tailwind-merge's
 * default one, reduced to what the classes of our sources need (decision 094). Run this file to
 * regenerate it after writing a class the app did not use before; tests/tailwind-merge-config.test.ts
 * says when that is needed and checks the reduced configuration merges every class of our sources
 * exactly as the default one does.
 *
 *   node --import tsx scripts/tailwind-merge-config.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Scanner } from '@tailwindcss/oxide';
import { type Config, getDefaultConfig, validators } from 'tailwind-merge';
import { createClassGroupUtils, createParseClassName } from 'tailwind-merge/unstable-do-not-import';

const root = path.resolve(import.meta.dirname, '..');
export const configFile = path.join(root, 'web/lib/tailwind-merge-config.ts');

// biome-ignore lint/suspicious/noExplicitAny: tailwind-merge's generic config, whatever its groups
type AnyConfig = Config<any, any>;

/**
 * Every class candidate in the web app's and contract's sources, found the way Tailwind finds the
 * classes it generates CSS for (its own scanner): a class that is not among them has no CSS.
 */
export function classCandidates(): string[] {
  const scanner = new Scanner({
    sources: [
      ...['web', 'contract'].map((dir) => ({ base: path.join(root, dir), pattern: '**/*', negated: false })),
      // Its own output is tailwind-merge's list of every class it knows, not ours (styles.css skips it too).
      { base: root, pattern: path.relative(root, configFile), negated: true },
    ],
  });
  return scanner.scan();
}

/** What tailwind-merge makes of a class under a configuration: its group and the groups it overrides. */
export function mergeMeaning(config: AnyConfig): (className: string) => { group: string | null; overrides: string[] } {
  const { getClassGroupId, getConflictingClassGroupIds } = createClassGroupUtils(config);
  const parse = createParseClassName(config);
  return (className) => {
    const parsed = parse(className);
    if (parsed.isExternal) return { group: null, overrides: [] };
    // As tailwind-merge's mergeClassList: try without a postfix modifier (`text-lg/7`), then with it.
    let hasPostfix = Boolean(parsed.maybePostfixModifierPosition);
    let group = getClassGroupId(
      hasPostfix ? parsed.baseClassName.substring(0, parsed.maybePostfixModifierPosition) : parsed.baseClassName,
    );
    if (!group && hasPostfix) {
      group = getClassGroupId(parsed.baseClassName);
      hasPostfix = false;
    }
    if (!group) return { group: null, overrides: [] };
    return { group, overrides: [...getConflictingClassGroupIds(group, hasPostfix)].sort() };
  };
}

/** The default configuration's class groups that some class of our sources belongs to. */
export function usedClassGroups(candidates = classCandidates()): Set<string> {
  const meaning = mergeMeaning(getDefaultConfig() as AnyConfig);
  const used = new Set<string>();
  for (const candidate of candidates) {
    const { group } = meaning(candidate);
    if (group) used.add(group);
  }
  return used;
}

/** The default configuration with only `groups` (in its order, which decides ties) and the theme they read. */
export function reducedConfig(groups: Set<string>): AnyConfig {
  const config = getDefaultConfig() as AnyConfig;
  const keep = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).filter(([group]) => groups.has(group)));
  return {
    cacheSize: config.cacheSize,
    theme: config.theme,
    classGroups: keep(config.classGroups),
    conflictingClassGroups: Object.fromEntries(
      Object.entries(keep(config.conflictingClassGroups)).map(([group, others]) => [
        group,
        (others ?? []).filter((other) => groups.has(other)),
      ]),
    ),
    conflictingClassGroupModifiers: keep(config.conflictingClassGroupModifiers),
    postfixLookupClassGroups: (config.postfixLookupClassGroups ?? []).filter((group) => groups.has(group)),
    orderSensitiveModifiers: config.orderSensitiveModifiers,
  };
}

/**
 * `reducedConfig(usedClassGroups())`, then without every value, validator or theme entry none of
 * our classes needs: each is left out, one at a time, when every class of our sources keeps its
 * meaning (group and overrides) without it. What is left recognises the classes we write, which
 * is all a class needs to have CSS at all (Tailwind generates it only for what it finds written).
 */
export function prunedConfig(candidates = classCandidates()): AnyConfig {
  const used = usedClassGroups(candidates);
  const ofOurs = (meaning: { group: string | null; overrides: string[] }) =>
    JSON.stringify([meaning.group, meaning.overrides.filter((group) => used.has(group))]);
  const full = mergeMeaning(getDefaultConfig() as AnyConfig);
  const wanted = candidates.map((className) => ofOurs(full(className)));
  const config = reducedConfig(used);
  const copy = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(copy)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copy(inner)]))
        : value;
  config.classGroups = copy(config.classGroups) as AnyConfig['classGroups'];
  config.theme = copy(config.theme) as AnyConfig['theme'];
  const same = () => {
    const meaning = mergeMeaning(config);
    return candidates.every((className, i) => ofOurs(meaning(className)) === wanted[i]);
  };
  if (!same()) throw new Error('the reduced configuration already merges differently');
  const prune = (list: unknown[]) => {
    for (let i = list.length - 1; i >= 0; i--) {
      const item = list[i];
      if (item && typeof item === 'object' && !Array.isArray(item)) {
        for (const inner of Object.values(item)) if (Array.isArray(inner)) prune(inner);
      }
      list.splice(i, 1);
      if (!same()) list.splice(i, 0, item);
    }
  };
  for (const definition of Object.values(config.classGroups)) prune(definition as unknown[]);
  for (const scale of Object.values(config.theme)) prune(scale as unknown[]);
  return config;
}

const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));

/** The theme key a `fromTheme(key)` getter reads (it keeps the key to itself). */
function themeKeyOf(getter: (theme: Record<string, unknown>) => unknown): string {
  let key: string | undefined;
  getter(
    new Proxy(
      {},
      {
        get: (_target, name) => {
          key = String(name);
          return [];
        },
      },
    ),
  );
  if (!key) throw new Error('a theme getter that reads no key');
  return key;
}

/**
 * TypeScript source for a configuration made of strings, numbers, arrays, objects, validators and
 * theme getters. Validators and theme getters become local names, and a list that occurs more
 * than once is written once (as the default configuration's helper functions do).
 */
function toSource(config: AnyConfig): string {
  const themeKeys = new Set<string>();
  const usedValidators = new Set<string>();
  const counts = new Map<string, number>();
  const shared = new Map<string, string>();
  const declarations: string[] = [];
  const themeName = (key: string) => `theme${key.replace(/(^|-)(\w)/g, (_m, _dash, c: string) => c.toUpperCase())}`;
  /** `raw`: the source with nothing shared (to count and recognise lists); `out`: with shared lists named. */
  const write = (value: unknown): { raw: string; out: string } => {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      const code = JSON.stringify(value);
      return { raw: code, out: code };
    }
    if (Array.isArray(value)) {
      const items = value.map(write);
      const raw = `[${items.map((item) => item.raw).join(', ')}]`;
      counts.set(raw, (counts.get(raw) ?? 0) + 1);
      const named = shared.get(raw);
      return { raw, out: named ?? `[${items.map((item) => item.out).join(', ')}]` };
    }
    if (typeof value === 'function') {
      if ('isThemeGetter' in value) {
        const key = themeKeyOf(value as unknown as (theme: Record<string, unknown>) => unknown);
        themeKeys.add(key);
        return { raw: themeName(key), out: themeName(key) };
      }
      const name = validatorNames.get(value);
      if (!name)
        throw new Error(`a function in tailwind-merge's configuration that is not an exported validator: ${value}`);
      usedValidators.add(name);
      return { raw: name, out: name };
    }
    if (value && typeof value === 'object') {
      const entries = Object.entries(value).map(([key, inner]) => [JSON.stringify(key), write(inner)] as const);
      return {
        raw: `{ ${entries.map(([key, inner]) => `${key}: ${inner.raw}`).join(', ')} }`,
        out: `{ ${entries.map(([key, inner]) => `${key}: ${inner.out}`).join(', ')} }`,
      };
    }
    throw new Error(`cannot write ${String(value)}`);
  };
  const writeAll = () => {
    // Only the theme scales the kept groups read (a scale may read another: follow them).
    const theme = new Map<string, string>();
    const groups = write(config.classGroups).out;
    for (let grew = true; grew; ) {
      grew = false;
      for (const key of [...themeKeys]) {
        if (theme.has(key)) continue;
        theme.set(key, write(config.theme[key] ?? []).out);
        grew = true;
      }
    }
    return {
      theme: `{ ${Object.keys(config.theme)
        .filter((key) => theme.has(key))
        .map((key) => `${JSON.stringify(key)}: ${theme.get(key)}`)
        .join(', ')} }`,
      groups,
      conflictingClassGroups: write(config.conflictingClassGroups).out,
      conflictingClassGroupModifiers: write(config.conflictingClassGroupModifiers).out,
      postfixLookupClassGroups: write(config.postfixLookupClassGroups).out,
      orderSensitiveModifiers: write(config.orderSensitiveModifiers).out,
    };
  };
  writeAll();
  // Name each repeated list, inner ones first (a shorter list's source comes before the longer one's that holds it).
  const repeated = [...counts].filter(([raw, count]) => count > 1 && raw.length > 12).map(([raw]) => raw);
  repeated.sort((a, b) => a.length - b.length);
  for (const raw of repeated) {
    const name = `list${shared.size + 1}`;
    // Its source with the shorter lists it holds already named.
    let out = raw;
    for (const [inner, innerName] of [...shared].reverse()) out = out.split(inner).join(innerName);
    shared.set(raw, name);
    declarations.push(`const ${name} = ${out};`);
  }
  counts.clear();
  const all = writeAll();
  return `// Generated by scripts/tailwind-merge-config.ts from tailwind-merge's default configuration: do not edit.
// tests/tailwind-merge-config.test.ts checks it merges every class of our sources as the default does.
import { type Config, fromTheme, validators } from 'tailwind-merge';

const { ${[...usedValidators].sort().join(', ')} } = validators;
${[...themeKeys]
  .sort()
  .map((key) => `const ${themeName(key)} = fromTheme(${JSON.stringify(key)});`)
  .join('\n')}
${declarations.join('\n')}

/** tailwind-merge's default configuration, reduced to the class groups the app uses (decision 094). */
// biome-ignore lint/suspicious/noExplicitAny: the configuration of generated group names
export const tailwindMergeConfig = (): Config<any, any> => ({
  cacheSize: ${config.cacheSize},
  theme: ${all.theme},
  classGroups: ${all.groups},
  conflictingClassGroups: ${all.conflictingClassGroups},
  conflictingClassGroupModifiers: ${all.conflictingClassGroupModifiers},
  postfixLookupClassGroups: ${all.postfixLookupClassGroups},
  orderSensitiveModifiers: ${all.orderSensitiveModifiers},
});
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const config = prunedConfig();
  fs.writeFileSync(configFile, toSource(config));
  execFileSync('npx', ['biome', 'format', '--write', configFile], { cwd: root, stdio: 'inherit' });
  console.log(`${path.relative(root, configFile)}: ${Object.keys(config.classGroups).length} class groups`);
}
