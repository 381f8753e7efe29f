import { useSearch } from 'wouter';

/**
 * Where to go after sign-in or sign-up: the path, query and hash of `raw` when it resolves to
 * this site, `/` for anything else. Resolved with the browser's own URL parser, so whatever it
 * would strip or reinterpret (tab, CR, LF, `\`, `/./`, schemes such as `javascript:`) is judged
 * the way the navigation would read it, not the way a string check guesses it would.
 */
export function safeRedirectTarget(raw: string | null | undefined, origin: string): string {
  if (!raw) return '/';
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin) return '/';
  const target = `${url.pathname}${url.search}${url.hash}`;
  // A path like `/.//evil.example` normalises to `//evil.example`, which read on its own is
  // another host: the target itself must resolve to this site too.
  return new URL(target, origin).origin === origin ? target : '/';
}

/** The safe `?redirect=` target of a raw query string (`location.search`). */
export function redirectParam(search: string, origin: string): string {
  return safeRedirectTarget(new URLSearchParams(search).get('redirect'), origin);
}

/**
 * The current page's safe `?redirect=` target. Read from `location.search` itself, decoded once
 * by URLSearchParams: wouter's `useSearch()` runs `decodeURI` first, which turns `%2509` into a
 * tab and breaks legitimate targets holding `%23` or `%25`. `useSearch` only re-renders.
 */
export function useRedirectTarget(): string {
  useSearch();
  return redirectParam(window.location.search, window.location.origin);
}
