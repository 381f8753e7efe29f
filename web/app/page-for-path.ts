import { type AppPageName, appPages } from '@contract/pages';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';

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
 * with its parameters, matched as wouter matches (the same parser, the first match in table
 * order); null for the not-found page. Used before React runs (web/main.tsx, web/app/early-reads.ts).
 */
export function pageForPath(
  pathname: string,
): { name: AppPageName; params: Record<string, string | undefined> } | null {
  const path = routerPath(pathname);
  for (const name of Object.keys(appPages) as AppPageName[]) {
    const [matched, params] = matchRoute(parse, appPages[name].path, path);
    if (matched) return { name, params: (params ?? {}) as Record<string, string | undefined> };
  }
  return null;
}
