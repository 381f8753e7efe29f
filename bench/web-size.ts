import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface WebBundles {
  routes: { route: string; jsGzip: number; jsBrotli: number; cssGzip: number; files: number }[];
  /** Each language's first part of the catalog, which a page in it preloads (decision 169). */
  locales: { locale: string; jsGzip: number; jsBrotli: number }[];
}

/** Route → the lazy page chunk the router imports for it (every page is one, decision 094). */
const ROUTE_CHUNKS: Record<string, string | null> = { '/': 'home', '/session/{id}': 'session', '/create': 'create' };

/**
 * What a first visit to each route downloads, from the built files: the entry script, its
 * modulepreloads and stylesheets from index.html, plus the route's lazy chunk with every
 * file Vite lists for it in `__vite__mapDeps` (its static imports and CSS). Gzip level 9 and
 * brotli quality 11, as the build precompresses them (the server sends brotli to browsers that
 * accept it, which they do over HTTPS; gzip otherwise).
 */
export function measureWebBundles(dist: string): WebBundles | null {
  const indexPath = path.join(dist, 'index.html');
  if (!fs.existsSync(indexPath)) return null;
  const html = fs.readFileSync(indexPath, 'utf8');
  const initial = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)) initial.add(match[1]!);
  const entry = [...initial].find((file) => /assets\/(?:index|initial)-[^/]+\.js$/.test(file));
  const entrySource = entry ? fs.readFileSync(path.join(dist, entry), 'utf8') : '';

  const deps =
    /m\.f=\[([^\]]*)\]/
      .exec(entrySource)?.[1]
      ?.match(/"([^"]+)"/g)
      ?.map((s) => s.slice(1, -1)) ?? [];
  const lazy = new Map<string, string[]>();
  // `import("./page.js")` or, when the page's chunk also holds modules other chunks share,
  // `import("./page.js").then((m) => m.t)`: both are followed by the list of files loaded with it.
  for (const match of entrySource.matchAll(
    /import\([`"']\.\/([\w.-]+\.js)[`"']\)(?:\.then\([^()]*\))?,__vite__mapDeps\(\[([\d,]*)\]\)/g,
  )) {
    lazy.set(
      match[1]!,
      match[2]!
        .split(',')
        .filter(Boolean)
        .map((i) => deps[Number(i)]!)
        .filter(Boolean),
    );
  }

  const sizes = new Map<string, { gzip: number; brotli: number }>();
  const size = (file: string) => {
    let known = sizes.get(file);
    if (!known) {
      const data = fs.readFileSync(path.join(dist, file));
      known = {
        gzip: gzipSync(data, { level: 9 }).length,
        brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
      sizes.set(file, known);
    }
    return known;
  };

  const routes = Object.entries(ROUTE_CHUNKS).map(([route, chunk]) => {
    const files = new Set(initial);
    if (chunk) {
      // The page's own chunk, `home-<hash>.js`, not one named after it (`home-member-inbox-<hash>.js`).
      const found = [...lazy.keys()].find((name) => new RegExp(`^${chunk}-[\\w-]{8}\\.js$`).test(name));
      // Not found would measure the shell alone and call it the page: fail instead.
      if (!found) throw new Error(`web-size: no lazy chunk "${chunk}-*.js" with its files in ${entry}`);
      files.add(`assets/${found}`);
      for (const dep of lazy.get(found)!) files.add(dep);
    }
    let jsGzip = 0;
    let jsBrotli = 0;
    let cssGzip = 0;
    for (const file of files) {
      if (file.endsWith('.js')) {
        jsGzip += size(file).gzip;
        jsBrotli += size(file).brotli;
      } else if (file.endsWith('.css')) cssGzip += size(file).gzip;
    }
    return { route, jsGzip, jsBrotli, cssGzip, files: files.size };
  });
  const preloadsPath = path.join(dist, 'page-preloads.json');
  const catalogs: Record<string, string[]> = fs.existsSync(preloadsPath)
    ? (JSON.parse(fs.readFileSync(preloadsPath, 'utf8')) as { locales: Record<string, string[]> }).locales
    : {};
  const locales = Object.entries(catalogs).map(([locale, paths]) => {
    const files = paths.map((file) => file.replace(/^\//, '')).filter((file) => file.endsWith('.js'));
    return {
      locale,
      jsGzip: files.reduce((sum, file) => sum + size(file).gzip, 0),
      jsBrotli: files.reduce((sum, file) => sum + size(file).brotli, 0),
    };
  });
  return { routes, locales };
}
