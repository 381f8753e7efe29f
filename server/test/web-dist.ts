import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** index.html as the build writes it, reduced to what the server fills in (meta tags, page data). */
const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="UTF-8" />\n<title>Shro</title>\n<!--server-meta-->\n</head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

/**
 * A built web app of one page in a temp folder, for tests of the pages the server writes (WEB_DIST);
 * `pagePreloads`: the build's list of each page's files (vite.config.ts pagePreloads, decision 151).
 */
export function fakeWebDist(pagePreloads?: Record<string, unknown>): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  if (pagePreloads) fs.writeFileSync(path.join(dir, 'page-preloads.json'), JSON.stringify(pagePreloads));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
