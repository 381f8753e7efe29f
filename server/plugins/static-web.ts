import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { directionOf, type Locale } from '../../contract/locales';
import { pageForPath, pageModuleOf } from '../../contract/page-for-path';
import { appPages } from '../../contract/pages';
import { pageOriginResolver, publicOriginWarning } from '../features/seo/public-origin';
import {
  type InlinePageData,
  injectCurrentUser,
  injectMeta,
  injectPageData,
  metaForPath,
  metaIn,
} from '../features/seo/render-meta';
import { KeptText } from '../lib/compression';
import { offlinePageIn } from '../lib/offline-page';
import { addressedLocale, requestLocale } from '../lib/request-locale';
import { sendKeptText } from './compression';
import { errorBody } from './error-handler';
import { DOCUMENT_ONLY_HEADERS, isDataPath } from './security-headers';

/** A built script or style sheet, as sent (`.br` and `.gz` included). */
const SCRIPT_OR_STYLE = /\.(js|css)(\.br|\.gz)?$/;

/** A file of the build as page-preloads.json names it: a path under /assets/, nothing to escape. */
const ASSET_PATH = /^\/assets\/[\w.-]+\.(js|css)$/;

/** Each page's files, each Shro page part's and each language's, beyond the entry's, as the build lists them. */
interface PagePreloads {
  pages: ReadonlyMap<string, readonly string[]>;
  parts: ReadonlyMap<string, readonly string[]>;
  locales: ReadonlyMap<string, readonly string[]>;
  /** Each language's rest of the catalog, which the page does not preload (decision 169). */
  catalogRests: ReadonlyMap<string, readonly string[]>;
}

/**
 * The files that start a page's own code with the entry (decision 151), by page module and by the
 * Shro page's parts: the build lists each one's chunks and style sheets beyond the entry's
 * (vite.config.ts pagePreloads). Without them the page's code is asked for only once the entry has
 * run: one round trip more before a shared Shro shows (400 ms on slow 3G). A build without the
 * list preloads nothing; only paths under /assets/ are kept.
 */
function readPagePreloads(root: string): PagePreloads {
  const file = path.join(root, 'page-preloads.json');
  const listed = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  const section = (value: unknown) =>
    new Map(
      Object.entries(typeof value === 'object' && value !== null ? value : {}).map(([name, files]) => [
        name,
        Array.isArray(files)
          ? files.filter((entry): entry is string => typeof entry === 'string' && ASSET_PATH.test(entry))
          : [],
      ]),
    );
  return {
    pages: section(listed.pages),
    parts: section(listed.parts),
    locales: section(listed.locales),
    catalogRests: section(listed.catalogRests),
  };
}

/**
 * The links for these files, each once, in order: a module preload per script (crossorigin as the
 * entry's module script, so the module loader takes the preloaded file), a style sheet per sheet.
 */
function preloadLinks(files: Iterable<string>): string {
  let links = '';
  for (const file of new Set(files)) {
    links += file.endsWith('.css')
      ? `<link rel="stylesheet" crossorigin href="${file}">`
      : `<link rel="modulepreload" crossorigin href="${file}">`;
  }
  return links;
}

/**
 * The page module the app shows first at `pathname` for this viewer: a protected page's login
 * screen for a visitor (the router's `Protected`), the not-found screen for a path of no page.
 * A protected page reads who is signed in (a cached look-up, as every API call makes); when that
 * fails (the database unreachable), the page goes without preloads rather than without its HTML.
 */
async function firstPageModule(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
): Promise<string | null> {
  const page = pageForPath(pathname);
  if (!page) return 'not-found';
  if (!appPages[page.name].protected) return pageModuleOf(page.name);
  try {
    await app.resolveUser(request);
  } catch (error) {
    request.log.warn({ err: error }, "who is signed in could not be read for the page's preloads");
    return null;
  }
  return request.user ? pageModuleOf(page.name) : 'login-required';
}

/** The page modules a visitor's first visit runs on the first part of the catalog alone (decision 169). */
const FIRST_PART_PAGES = new Set(['home', 'session']);

/** The page in the reader's language: `lang` and `dir` on its root, before any script runs (decision 166). */
const withLanguage = (html: string, locale: Locale) =>
  html.replace(/<html lang="en"/, () => `<html lang="${locale}" dir="${directionOf(locale)}"`);

interface StaticWebOptions {
  /** What a page's first reads would fetch, answered in its HTML (decisions 140, 176). */
  pageData?: (request: FastifyRequest, reply: FastifyReply, pathname: string) => Promise<readonly InlinePageData[]>;
  /** `GET /api/auth/user`'s answer for a signed-in request (`request.user`), as JSON (decision 174). */
  currentUser?: (request: FastifyRequest) => Promise<string>;
}

/**
 * Serves the built web app and answers every unknown non-API GET with index.html, so the
 * client router shows the right page (or its own 404). Unknown /api and /.well-known paths stay JSON 404s.
 */
async function staticWebPlugin(app: FastifyInstance, { pageData, currentUser }: StaticWebOptions) {
  const root = app.config.webDist;
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  const indexHtml = hasBuild ? fs.readFileSync(path.join(root, 'index.html'), 'utf8') : '';
  const pagePreloads = readPagePreloads(root);
  const pageOrigin = pageOriginResolver(app.config);
  const warning = publicOriginWarning(app.config);
  if (warning) app.log.warn(warning);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // Served below, in the reader's language.
      globIgnore: ['offline.html', 'offline.html.br', 'offline.html.gz'],
      index: false,
      // The build writes .br and .gz beside each text asset (vite.config.ts): the best one the
      // client accepts is sent as it is, with `Vary: Accept-Encoding`, nothing compressed per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/: safe to cache for a year. (`filePath` is
        // the file actually sent, `.br` or `.gz` included.)
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
          // Scripts and style sheets are never documents: the headers only a document obeys go.
          if (SCRIPT_OR_STYLE.test(filePath)) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  // The page the service worker shows offline for a page it does not keep (web/public/sw.js),
  // fetched when it installs: in the language of the reader it installs for (decision 167).
  const offlinePath = path.join(root, 'offline.html');
  const offlineTemplate = fs.existsSync(offlinePath) ? fs.readFileSync(offlinePath, 'utf8') : null;
  const offlinePages = new Map<Locale, string>();
  if (offlineTemplate !== null) {
    app.get('/offline.html', { schema: { hide: true } }, async (request, reply) => {
      const locale = requestLocale(request);
      const page = offlinePages.get(locale) ?? offlinePageIn(offlineTemplate, locale);
      offlinePages.set(locale, page);
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Language, Cookie')
        .type('text/html; charset=utf-8')
        .send(page);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isDataPath(pathname);
    if (isPage && hasBuild) {
      // Crawlers and link previews don't run scripts: the page's meta tags are in the HTML.
      // Unknown paths (and unknown profiles) get the app, whose router shows its not-found screen.
      const [meta, reads, markerChanged] = await Promise.all([
        metaForPath(app.database.db, pathname),
        pageData ? pageData(request, reply, pathname) : [],
        // The page reads the marker to know whether to ask who is signed in; when the session
        // cannot be read now, it stays as it is.
        app.syncSignedInMarker(request, reply).catch(() => false),
      ]);
      // What a page without a viewer (a crawler's) tells stays what its tags tell (decision 125):
      // a Shro moderation took out of sight, say, is named to signed-in viewers only.
      const data = request.user || meta.namesShro ? reads : [];
      // Who is signed in, in the page: failing to read it only costs the page its own check.
      const user = request.user && currentUser ? await currentUser(request).catch(() => null) : null;
      // The page's code, and the parts of it the data shows this viewer, after the entry's script
      // and style sheet, which the browser asks for first.
      const module = pagePreloads.pages.size > 0 ? await firstPageModule(app, request, pathname) : null;
      const locale = requestLocale(request);
      // The rest of the catalog is awaited by every page but a visitor's home and Shro page (the
      // first part's pages, decision 169): fetched beside the page's code, not after it (decision 177).
      const waitsForRest = Boolean(request.user) || !FIRST_PART_PAGES.has(module ?? '');
      const preloads = preloadLinks([
        ...(pagePreloads.locales.get(locale) ?? []),
        ...(waitsForRest ? (pagePreloads.catalogRests.get(locale) ?? []) : []),
        ...((module && pagePreloads.pages.get(module)) || []),
        ...data.flatMap((read) => read.parts ?? []).flatMap((part) => pagePreloads.parts.get(part) ?? []),
      ]);
      // The service worker keeps every /assets/ file the page names for an offline start, the rest
      // of the page's catalog included, which a visitor's home and Shro page do not preload (decision 169).
      const offlineCatalog = (pagePreloads.catalogRests.get(locale) ?? []).join(' ');
      const head = `${preloads}${offlineCatalog && `<meta name="offline-catalog" content="${offlineCatalog}">`}</head>`;
      const html = withLanguage(
        injectMeta(indexHtml, metaIn(meta, locale), pageOrigin(request), addressedLocale(request)).replace(
          '</head>',
          () => head,
        ),
        locale,
      );
      reply
        .status(meta.notFound ? 404 : 200)
        // A page with data or the user in it is this viewer's: no cache keeps it, so Back after a logout, or
        // the next account in this browser, never shows it again (the API's JSON is no-store too).
        // An answer that sets a cookie is this browser's too.
        .header(
          'cache-control',
          data.length > 0 || user ? 'private, no-store' : markerChanged ? 'private, no-cache' : 'no-cache',
        )
        // The page's language follows these (decision 166); a shared cache keeps one copy per language.
        .header('vary', 'Accept-Language, Cookie')
        .type('text/html; charset=utf-8');
      // Compressed like any answer (decision 022); the not-found handler is no route, so the
      // compression plugin's route hooks never reach it.
      const page = data.reduce(injectPageData, user ? injectCurrentUser(html, user) : html);
      return sendKeptText(request, reply, new KeptText(page));
    }
    return reply.status(404).send(errorBody(request, 404, `Route ${request.method} ${pathname} not found`));
  });
}

export default fp(staticWebPlugin, { name: 'static-web' });
