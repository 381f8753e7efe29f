import { pageForPath } from '@contract/page-for-path';
import { APP_LINK_PAGES, type AppPageName } from '@contract/pages';
import { navigate } from 'wouter/use-browser-location';

/*
 * App Links (Android) and Universal Links (iOS) in the native shell: loaded by main.tsx only there,
 * so a browser's first load does not carry it (decision 163).
 */

/** The in-app path of an app link to the site at `host` (`/session/…`, `/invite/…`, `/@…`), or null for any other URL. */
export function appLinkPath(url: string, host: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.host !== host) return null;
  const page = pageForPath(parsed.pathname);
  return page && (APP_LINK_PAGES as readonly AppPageName[]).includes(page.name)
    ? `${parsed.pathname}${parsed.search}${parsed.hash}`
    : null;
}

/** In the shell: a link that opened the app (`appUrlOpen`) shows its page through the app's router. */
export function listenForAppLinks() {
  const open = (url: string | undefined) => {
    const path = url ? appLinkPath(url, window.location.host) : null;
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (path && path !== here) navigate(path);
  };
  import('@capacitor/app')
    .then(async ({ App }) => {
      await App.addListener('appUrlOpen', ({ url }) => open(url));
      // A link that started the app from cold may have come before the listener.
      open((await App.getLaunchUrl())?.url);
    })
    .catch((error) => console.error('App links unavailable', error));
}
