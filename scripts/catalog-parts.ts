import fs from 'node:fs';
import path from 'node:path';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { isLocale } from '../contract/locales';
import { readServerCatalog } from '../server/i18n/catalogs';
import { SERVER_TEXTS } from '../server/i18n/texts';

/**
 * The modules whose messages a first visit needs (docs/decisions/169-catalog-parts.md): the entry
 * and the two pages a visitor lands on, with everything they import statically, and the modules
 * the build groups into chunks those pages load (`groupedWithFirstVisit`, vite.config.ts).
 */
const FIRST_ROOTS = ['web/main.tsx', 'web/app/routes/home.tsx', 'web/app/routes/session.tsx'];

/**
 * Groups of server/i18n/texts.ts that only the server words (notifications, email, transport,
 * offline page, the refusals of nudges and passkeys, whose inputs the web never checks itself).
 */
const SERVER_ONLY = new Set([
  'server',
  'transport',
  'notification',
  'resetEmail',
  'imageError',
  'offline',
  'nudge',
  'passkey',
]);

const PART_ID = /[\\/]web[\\/]locales[\\/]([A-Za-z-]+)\.po\?part=(first|rest)$/;
const REST_MODULE = '\0shro-rest-of-catalog';

/** Relative imports and `@/` ones that are not type-only, as written (`import … from '…'`, `export … from '…'`, `import '…'`). */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?'(\.{1,2}\/[^']+|@\/[^']+)'/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveSource(root: string, importer: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(root, 'web', specifier.slice(2))
    : path.resolve(path.dirname(importer), specifier);
  for (const extension of EXTENSIONS) {
    const file = base + extension;
    if (/\.tsx?$/.test(file) && fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * The build's files that loading these chunks loads: each chunk, the chunks it imports statically
 * (depth first, each once) and their style sheets, in that order.
 */
export function staticClosure(
  bundle: NonNullable<IndexHtmlTransformContext['bundle']>,
  fileNames: readonly string[],
): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (files.has(fileName) || chunk?.type !== 'chunk') return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const fileName of fileNames) visit(fileName);
  return files;
}

/** Every source file of the web, relative to `root`. */
function webSources(root: string): string[] {
  return fs
    .readdirSync(path.join(root, 'web'), { recursive: true, encoding: 'utf8' })
    .map((file) => path.join('web', file))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
}

/** The web's source files the roots reach through static imports, relative to `root`. */
function staticSourceClosure(root: string, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    const relative = path.relative(root, file);
    if (seen.has(relative)) return;
    seen.add(relative);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = resolveSource(root, file, match[1]!);
      if (target) visit(target);
    }
  };
  for (const entry of roots) visit(path.join(root, entry));
  return seen;
}

/**
 * Each language's catalog in two parts (decision 169), compiled at build time so that the page
 * needs no message compiler: `web/locales/{locale}.po?part=first`, the messages of the modules a
 * first visit runs plus the `contract/` texts the web shows (decision 167), and `?part=rest`, every
 * other message. A module whose messages are in the rest waits for it before it runs (a top-level
 * await this plugin adds), so no screen can show before its texts; the first visit never waits.
 */
export function catalogParts(groupedWithFirstVisit: readonly RegExp[]): Plugin {
  const config = getConfig();
  const root = config.rootDir;
  let firstFiles: Set<string> | null = null;
  const first = () => {
    firstFiles ??= staticSourceClosure(root, [
      ...FIRST_ROOTS,
      ...webSources(root).filter((file) => groupedWithFirstVisit.some((test) => test.test(file))),
    ]);
    return firstFiles;
  };
  let restFiles: Promise<Set<string>> | null = null;
  /** Files with a message the first part lacks, from the source catalog's origins. */
  const rest = () => {
    restFiles ??= getCatalogs(config).then(async ([catalog]) => {
      const files = new Set<string>();
      for (const entry of Object.values((await catalog!.read(config.sourceLocale!)) ?? {})) {
        for (const [file] of entry.origin ?? []) if (!first().has(file)) files.add(file);
      }
      return files;
    });
    return restFiles;
  };

  const serverTextsIn = (locale: string): Record<string, string> => {
    const translated = isLocale(locale) ? readServerCatalog(locale) : new Map<string, string>();
    const texts: Record<string, string> = {};
    for (const [group, entries] of Object.entries(SERVER_TEXTS)) {
      if (SERVER_ONLY.has(group)) continue;
      for (const english of Object.values(entries)) texts[english] = translated.get(english) ?? english;
    }
    return texts;
  };

  return {
    name: 'shro-catalog-parts',
    enforce: 'pre',
    // Unit tests render screens with the English kept in the code (vite.config.ts linguiPlugins).
    apply: () => !process.env.VITEST,
    buildStart() {
      firstFiles = null;
      restFiles = null;
    },
    resolveId(id) {
      return id === REST_MODULE ? id : undefined;
    },
    async load(id) {
      if (id === REST_MODULE) {
        const i18nModule = JSON.stringify(path.join(root, 'web/lib/i18n.ts'));
        return `import { loadRestOfCatalog } from ${i18nModule};\nexport const restOfCatalog = loadRestOfCatalog();`;
      }
      const match = PART_ID.exec(id);
      if (!match) return undefined;
      const [, locale, part] = match as unknown as [string, string, 'first' | 'rest'];
      const file = id.split('?')[0]!;
      this.addWatchFile(file);
      const catalogs = await getCatalogs(config);
      const found = getCatalogForFile(path.relative(root, file), catalogs);
      if (!found) throw new Error(`catalogParts: ${file} is no catalog of lingui.config.ts`);
      const [{ messages }, entries] = await Promise.all([
        found.catalog.getTranslations(locale, {
          fallbackLocales: config.fallbackLocales,
          sourceLocale: config.sourceLocale!,
        }),
        found.catalog.read(config.sourceLocale!),
      ]);
      const inFirst = (messageId: string) =>
        (entries?.[messageId]?.origin ?? []).some(([origin]) => first().has(origin));
      const chosen: Record<string, string> = part === 'first' ? serverTextsIn(locale) : {};
      for (const [messageId, translation] of Object.entries(messages)) {
        if (inFirst(messageId) === (part === 'first')) chosen[messageId] = translation;
      }
      const pseudo = config.pseudoLocale.find((item) => item.locale === locale);
      const { source, errors } = createCompiledCatalog(locale, chosen, {
        namespace: 'es',
        pseudoLocale: pseudo?.locale,
        pseudoLocaleOptions: pseudo?.options,
      });
      if (errors.length > 0)
        throw new Error(`catalogParts: ${locale} does not compile "${errors[0]!.source}": ${errors[0]!.error.message}`);
      return { code: source, moduleType: 'js' };
    },
    // The promise of the first visit: nothing it loads waits for the rest of the catalog.
    async generateBundle(_options, bundle) {
      const restSet = await rest();
      const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
      const firstVisit = chunks.filter((chunk) => {
        const facade = chunk.facadeModuleId && path.relative(root, chunk.facadeModuleId);
        return chunk.isEntry || (facade && FIRST_ROOTS.includes(facade));
      });
      for (const fileName of staticClosure(
        bundle,
        firstVisit.map((chunk) => chunk.fileName),
      )) {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') continue;
        const waiting = chunk.moduleIds.find((moduleId) => restSet.has(path.relative(root, moduleId)));
        if (waiting) throw new Error(`catalogParts: ${fileName}, which a first visit loads, holds ${waiting}`);
      }
    },
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(path.join(root, 'web')) || !/\.tsx?$/.test(file)) return undefined;
      if (!(await rest()).has(path.relative(root, file))) return undefined;
      return { code: `import { restOfCatalog } from '${REST_MODULE}';\nawait restOfCatalog;\n${code}`, map: null };
    },
  };
}
