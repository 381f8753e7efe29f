import { constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

/**
 * Lazily loaded parts the service worker must still precache (decision 094): the home page (the
 * signed-in one too, with the shell's signed-in parts) and its tutorial, so the app starts offline
 * on `/`, and the toaster, so a write refused offline can say so. Their files
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
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (files.has(fileName) || chunk?.type !== 'chunk') return;
          files.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && modules.some((module) => chunk.facadeModuleId?.endsWith(module))) {
            visit(chunk.fileName);
          }
        }
        if (files.size === 0) throw new Error(`offlinePrecache: none of ${modules.join(', ')} is a chunk`);
        const content = [...files].map((file) => `/${file}`).join(' ');
        return [{ tag: 'meta', attrs: { name: 'offline-precache', content }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    offlinePrecache([
      '/web/app/routes/home.tsx',
      '/web/app/routes/home-member.tsx',
      '/web/app/layout/signed-in-shell.tsx',
      '/web/features/home/components/tutorial-dialog.tsx',
      '/web/components/ui/toaster.tsx',
    ]),
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
        // Everything the entry imports statically in one file: the first load is one script instead
        // of eight small ones that each compress on their own (about 3 KB of gzip, decision 094).
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 20 },
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
