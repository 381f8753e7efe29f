import { constants as zlibConstants } from 'node:zlib';
import { linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { LOCALES } from './contract/locales';
import { pageModuleOf } from './contract/page-for-path';
import { type AppPageName, appPages } from './contract/pages';
import { sessionPartNames } from './contract/session-parts';
import { catalogParts, staticClosure } from './scripts/catalog-parts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

/** Modules of a Shro page that other pages share, in one chunk (the build's `shro-parts` group). */
const SHRO_PARTS =
  /web[\\/](lib[\\/]box-style|components[\\/]mystery-box-art|features[\\/]shros[\\/](components[\\/]session[\\/]closes-in-note|utils[\\/]option-count))\.tsx?$|contract[\\/](time-left|invite-links)\.ts$|lucide-react[\\/].*[\\/]icons[\\/](search-x|sparkles|timer-off|plus|users|share-2)\.mjs$/;
/** What a member's view shares with the pages that list people and Shros (`member-parts`). */
const MEMBER_PARTS =
  /web[\\/](components[\\/](user-avatar|sound-toggle)|lib[\\/](relative-time|copy-text|use-copy-link|sounds)|features[\\/]shros[\\/]utils[\\/]year-of)\.tsx?$|contract[\\/](shros|deleted-user)\.ts$|lucide-react[\\/].*[\\/]icons[\\/](check|link-2|circle-check|clock|volume-2|volume-x|repeat|shield-exclamation-point)\.mjs$/;

/**
 * Lingui's macros, compiled by Babel in the files that use them, keeping each message's English
 * beside its id for unit tests, which render screens without catalogs; the app loads its catalogs
 * compiled, in parts (scripts/catalog-parts.ts, decision 169). Not the plugin's native transform:
 * npm, run by the machine's older Node, skips its binary (an optional package requiring a newer Node).
 */
export function linguiPlugins(): PluginOption[] {
  process.env.LINGUI_SUPPRESS_BABEL_WARNING ??= '1';
  return [
    catalogParts([SHRO_PARTS, MEMBER_PARTS]),
    babel({ presets: [linguiTransformerBabelPreset({ descriptorFields: 'message' })] }),
  ];
}

/**
 * Lazily loaded parts the service worker must still precache (decision 094): the home page (the
 * signed-in one too, with the shell's signed-in parts and menus) and its tutorial, so the app
 * starts offline on `/`, and the toaster, so a write refused offline can say so. Their files
 * (with everything they import) are listed in a meta tag of index.html that the page never loads
 * from; the worker precaches every /assets/ path it finds in index.html (web/public/sw.js).
 */
function offlinePrecache(modules: string[]): Plugin {
  return {
    name: 'shro-offline-precache',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        // A module a chunk group holds (codeSplitting below) is in a chunk it is not the facade of.
        const holders = Object.values(bundle).filter(
          (chunk) =>
            chunk.type === 'chunk' && modules.some((module) => chunk.moduleIds.some((id) => id.endsWith(module))),
        );
        const files = staticClosure(
          bundle,
          holders.map((chunk) => chunk.fileName),
        );
        if (files.size === 0) throw new Error(`offlinePrecache: none of ${modules.join(', ')} is a chunk`);
        const content = [...files].map((file) => `/${file}`).join(' ');
        return [{ tag: 'meta', attrs: { name: 'offline-precache', content }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * What each page's first load needs beyond the entry (decision 151): for every page module under
 * web/app/routes/, every part of a Shro page that loads on its own and every language's catalog,
 * its chunk with the chunks it imports statically and their style sheets, less what the entry holds. Written to
 * page-preloads.json; the server puts them in the page's HTML as `modulepreload` and style sheet
 * links, so they load beside the entry instead of after it has run (server/plugins/static-web.ts).
 */
function pagePreloads(): Plugin {
  return {
    name: 'shro-page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
      const entry = staticClosure(
        bundle,
        chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
      );
      const filesOf = (chunk: (typeof chunks)[number]) =>
        [...staticClosure(bundle, [chunk.fileName])].filter((file) => !entry.has(file)).map((file) => `/${file}`);
      // Pages by their module's name (contract/page-for-path.ts pageModuleOf); a Shro page's parts
      // that load on their own by theirs (contract/session-parts.ts).
      const pages: Record<string, string[]> = {};
      const parts: Record<string, string[]> = {};
      // Each language's catalog (web/lib/i18n.ts): its first part, preloaded with the page that shows
      // in it, and the rest, which the service worker keeps for an offline start (decision 169).
      const locales: Record<string, string[]> = {};
      const catalogRests: Record<string, string[]> = {};
      for (const chunk of chunks) {
        const [, locale, part] =
          /[\\/]web[\\/]locales[\\/]([A-Za-z-]+)\.po\?part=(first|rest)$/.exec(chunk.facadeModuleId ?? '') ?? [];
        if (locale) (part === 'first' ? locales : catalogRests)[locale] = filesOf(chunk);
        for (const id of chunk.moduleIds) {
          const page = /[\\/]web[\\/]app[\\/]routes[\\/]([a-z-]+)\.tsx$/.exec(id)?.[1];
          if (page) pages[page] = filesOf(chunk);
          const part =
            /[\\/]web[\\/](?:features[\\/]shros[\\/]components[\\/]session|app[\\/]routes)[\\/]([a-z-]+)\.tsx$/.exec(
              id,
            )?.[1];
          if (part && (sessionPartNames as readonly string[]).includes(part)) parts[part] = filesOf(chunk);
        }
      }
      // Every name the server looks up (server/plugins/static-web.ts): a renamed module fails the build.
      const wanted = [
        ...Object.keys(appPages).map((name) => pageModuleOf(name as AppPageName)),
        'not-found',
        'login-required',
      ];
      const missing = [
        ...wanted.filter((page) => !pages[page]),
        ...sessionPartNames.filter((part) => !parts[part]),
        ...LOCALES.filter((locale) => !locales[locale] || !catalogRests[locale]),
      ];
      if (missing.length > 0) throw new Error(`pagePreloads: no chunk holds ${missing.join(', ')}`);
      this.emitFile({
        type: 'asset',
        fileName: 'page-preloads.json',
        source: JSON.stringify({ pages, parts, locales, catalogRests }),
      });
    },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    ...linguiPlugins(),
    react(),
    tailwindcss(),
    offlinePrecache([
      '/web/app/routes/home.tsx',
      '/web/app/routes/home-member.tsx',
      '/web/app/layout/signed-in-shell.tsx',
      '/web/app/layout/signed-in-menus.tsx',
      '/web/features/home/components/tutorial-dialog.tsx',
      '/web/components/ui/toaster.tsx',
    ]),
    pagePreloads(),
    // Brotli (best quality: compressed once, at build time) and gzip files beside every text asset;
    // the server sends them by Accept-Encoding (docs/decisions/022-compression-and-caching.md).
    compression({
      include: /\.(html|css|js|mjs|json|svg|txt|xml|webmanifest)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  resolve: {
    alias: {
      '@/': new URL('./web/', import.meta.url).pathname,
      '@contract/': new URL('./contract/', import.meta.url).pathname,
    },
  },
  define: {
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0'),
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // An icon group's name lists every page that shares it (`icons~session~shro-view~…`, up to
        // 100 characters): as a file name it would be repeated in the entry's list of every lazy
        // chunk's files, which every first load downloads. The hash tells them apart.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('icons~') ? 'assets/icons-[hash].js' : 'assets/[name]-[hash].js',
        // Everything the entry imports statically in one file: the first load is one script instead
        // of eight small ones that each compress on their own (about 3 KB of gzip, decision 094).
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 20 },
            // A Shro page's modules that other pages share, which would otherwise be files of their
            // own, many of 100 to 700 bytes with about 1.4 KB of headers each (a signed-in cold load
            // of a Shro fetched 47 scripts). Each group is what the pages that use one of its modules
            // nearly all use: the closed boxes, their notes and icons (with the icons the home page
            // shares with a member's Shro); what a member's view shares with the pages that list
            // people and Shros (avatars, times, copy, sounds, its icons); the signed-in shell with
            // the reads it shares with the notifications and chat pages (signed-in users only, who
            // have the shell); the member's report, mute and block buttons with the reads they make.
            {
              name: 'shro-parts',
              test: SHRO_PARTS,
              priority: 15,
            },
            {
              name: 'member-parts',
              test: MEMBER_PARTS,
              priority: 15,
            },
            {
              name: 'signed-in-shell',
              test: /web[\\/](app[\\/]layout[\\/]signed-in-shell|features[\\/](chat[\\/]api[\\/]get-conversations|notifications[\\/]api[\\/]get-notifications))\.tsx?$/,
              priority: 15,
            },
            {
              name: 'safety-parts',
              test: /web[\\/](app[\\/]routes[\\/]session-member-actions|components[\\/]load-on-intent|features[\\/]blocks[\\/](api[\\/]get-(blocks|mutes)|components[\\/]safety-menu)|features[\\/]moderation[\\/](components[\\/]report-button|utils[\\/]upload-key))\.tsx?$/,
              priority: 15,
            },
            // Icons the entry lacks: one chunk per set of pages that use the same ones (small sets
            // merged), instead of one ~250-byte file per icon, each a request of its own with about
            // 1 KB of headers (25 of a signed-in Shro page's 57 scripts; decision 130).
            {
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]/,
              priority: 10,
              entriesAware: true,
              entriesAwareMergeThreshold: 3000,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
