/**
 * A page's code starts loading as soon as the user shows they are going there: a pointer over a
 * link, a press or touch on it, or keyboard focus. By the time the click lands the page is
 * usually there, and it renders at once: no loading screen, and no 300 ms Suspense hold after one
 * (decision 145; the first page of a visit is decision 143's).
 */

/** What shows intent to follow a link, in the order a mouse, a finger and a keyboard give it. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/** The in-app path a link leads to, or null for what the router does not show (other sites, downloads, new tabs). */
export function inAppPathOf(target: EventTarget | null, origin: string): string | null {
  if (!target || typeof (target as Element).closest !== 'function') return null;
  const link = (target as Element).closest('a[href]') as HTMLAnchorElement | null;
  if (!link || link.origin !== origin) return null;
  if (link.hasAttribute('download') || (link.target !== '' && link.target !== '_self')) return null;
  if (link.pathname.startsWith('/api/')) return null;
  return link.pathname;
}

/**
 * Listens on `root` (the document) for intent on links and calls `preload` with their paths (not
 * again while the intent stays on the same path: a pointer moving over a link's parts, then
 * pressing it). Preloading is cheap once the code is there. Returns the function that stops
 * listening.
 */
export function preloadOnIntent(
  root: Pick<Document, 'addEventListener' | 'removeEventListener'>,
  origin: string,
  preload: (pathname: string) => unknown,
): () => void {
  let last: string | null = null;
  const onIntent = (event: Event) => {
    const path = inAppPathOf(event.target, origin);
    if (path === null || path === last) return;
    last = path;
    preload(path);
  };
  const options = { capture: true, passive: true };
  for (const type of INTENT_EVENTS) root.addEventListener(type, onIntent, options);
  return () => {
    for (const type of INTENT_EVENTS) root.removeEventListener(type, onIntent, options);
  };
}
