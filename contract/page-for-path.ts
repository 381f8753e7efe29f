import { parse } from 'regexparam';
import { type AppPageName, appPages } from './pages';

/** The path as wouter's router sees it: escape sequences decoded (`decodeURI`), a malformed one kept. */
function routerPath(pathname: string): string {
  try {
    return pathname.includes('%') ? decodeURI(pathname) : pathname;
  } catch {
    return pathname;
  }
}

/**
 * The page of the page table (contract/pages.ts) that the router's `Switch` shows for `pathname`,
 * with its parameters, matched as wouter matches (regexparam's patterns, a RegExp's named groups,
 * the first match in table order; page-for-path.test.ts holds it to wouter's `matchRoute`); null
 * for the not-found page. Used before React runs (web/main.tsx, web/app/early-reads.ts) and by the
 * server, which preloads the page's code (decision 151).
 */
export function pageForPath(
  pathname: string,
): { name: AppPageName; params: Record<string, string | undefined> } | null {
  const path = routerPath(pathname);
  for (const { name, pattern, keys } of ROUTES) {
    const result = pattern.exec(path);
    if (!result) continue;
    const params: Record<string, string | undefined> = keys
      ? Object.fromEntries(keys.map((key, index) => [key, result[index + 1]]))
      : { ...result.groups };
    return { name, params };
  }
  return null;
}

/** The page table's patterns in its order, compiled once (a page's HTML asks for its page more than once). */
const ROUTES = (Object.keys(appPages) as AppPageName[]).map((name) => {
  const route: string | RegExp = appPages[name].path;
  return { name, ...(route instanceof RegExp ? { pattern: route, keys: null } : parse(route)) };
});

/**
 * The file of a page's code under web/app/routes/ (without `.tsx`), as the router imports it:
 * the name in kebab case (`publicProfile`: `public-profile`). The build lists each page's chunks
 * under this name (vite.config.ts), the server reads them by it (page-for-path.test.ts holds the
 * router to it).
 */
export function pageModuleOf(name: AppPageName): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
