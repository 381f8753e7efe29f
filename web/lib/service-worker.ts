import { navigate } from 'wouter/use-browser-location';

/** Registers the offline service worker in production builds (never during development). */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error) => {
      console.warn('Service worker registration failed', error);
    });
  });
  // A click on a push notification while this tab is open: the worker focused it, the app opens
  // the page in place (web/public/sw.js, decision 116).
  navigator.serviceWorker.addEventListener('message', (event) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (
      data?.type === 'open-url' &&
      typeof data.url === 'string' &&
      data.url.startsWith('/') &&
      !data.url.startsWith('//')
    ) {
      navigate(data.url);
    }
  });
}

/**
 * Tells the service worker a page rendered, so it may start that page offline later. Only while
 * online: a page shown offline came from the cache already, or is the offline notice.
 */
export function reportPageShown(path: string) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !navigator.onLine) return;
  navigator.serviceWorker.controller?.postMessage({ type: 'page-shown', path });
}

/** Tells the service worker the reader chose another language, so that it keeps the app's shell in it. */
export function reportLanguageChosen() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !navigator.onLine) return;
  navigator.serviceWorker.controller?.postMessage({ type: 'language-chosen' });
}
