// Shro service worker: offline start for the app shell and static assets.
// It never caches /api/ responses, which may hold private data.
const VERSION = 'shro-v2';
const SHELL_CACHE = `${VERSION}-shell`;
const ASSET_CACHE = `${VERSION}-assets`;
// Paths opened under this worker (as empty markers): their page code is in ASSET_CACHE, so the
// shell can start them offline. Any other page offline gets offline.html, never a blank screen.
const PAGE_CACHE = `${VERSION}-pages`;

async function rememberPage(pathname) {
  const pages = await caches.open(PAGE_CACHE);
  await pages.put(pathname, new Response(''));
}

// The app reports the pages it shows after in-app navigation, which never reaches 'navigate'.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.type === 'page-shown' && typeof data.path === 'string' && data.path.startsWith('/')) {
    event.waitUntil(rememberPage(new URL(data.path, self.location.origin).pathname));
  }
  // The reader chose another language: the shell and the offline page are kept in it instead.
  if (data && data.type === 'language-chosen') event.waitUntil(precacheShell());
});
const SHELL_URLS = [
  '/offline.html',
  '/offline.js',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icon-192.png',
  '/icon-512.png',
];

// The shell and the offline page in the reader's language (the server words both for the cookie
// these requests carry), with the hashed bundles the shell references, so the app starts offline.
async function precacheShell() {
  const shell = await caches.open(SHELL_CACHE);
  await shell.addAll(SHELL_URLS);
  // The shell is kept without the signed-in user and the first reads the server puts in a page
  // (decisions 174, 176): an offline start must never show an account's data, perhaps signed out.
  const response = await fetch('/', { cache: 'no-store' });
  const html = (await response.text()).replace(/<script type="application\/json"[^>]*>[^<]*<\/script>/g, '');
  await shell.put('/', new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
  const assets = [...new Set(html.match(/\/assets\/[^"'\s)]+/g) ?? [])];
  const assetCache = await caches.open(ASSET_CACHE);
  await assetCache.addAll(assets);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      await Promise.all(keys.filter((key) => !key.startsWith(VERSION)).map((key) => caches.delete(key)));
      // A page's request starts while the worker itself starts (a stopped worker is slow to wake on
      // a phone), instead of after it (decision 151).
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname === '/healthz' || url.pathname === '/readyz') {
    // Never cached. A navigation to one (an image opened in a tab) takes the request navigation
    // preload already made, instead of the browser making it a second time.
    if (request.mode === 'navigate') event.respondWith((async () => (await event.preloadResponse) ?? fetch(request))());
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    // Fingerprinted files never change: cache first.
    event.respondWith(
      (async () => {
        const cache = await caches.open(ASSET_CACHE);
        const hit = await cache.match(request);
        if (hit) return hit;
        const response = await fetch(request);
        if (response.ok) cache.put(request, response.clone());
        return response;
      })(),
    );
    return;
  }

  if (request.mode === 'navigate') {
    // Pages: the network first (fresh shell and server-set meta tags); offline, the cached shell
    // for a page opened before, else the offline page with a retry.
    event.respondWith(
      (async () => {
        try {
          return (await event.preloadResponse) ?? (await fetch(request));
        } catch {
          const cache = await caches.open(SHELL_CACHE);
          const known = url.pathname === '/' || (await (await caches.open(PAGE_CACHE)).match(url.pathname));
          const shell = known ? await cache.match('/') : undefined;
          return shell ?? (await cache.match('/offline.html')) ?? Response.error();
        }
      })(),
    );
    return;
  }

  if (SHELL_URLS.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request)));
  }
});

// ---- Web Push (docs/decisions/116-web-push.md) ------------------------------------------------
// A push carries {title, body, tag, url, icon}, never box content. The tag (one per Shro or
// conversation) makes a newer notification replace the older one.

/** A same-origin path to open, or the notifications page for anything else. */
function pushTarget(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/notifications';
}

const pathOf = (href) => {
  const url = new URL(href);
  return url.pathname + url.search;
};

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const url = pushTarget(data.url);
  event.waitUntil(
    (async () => {
      // The page the push is about is open and in front of the user (a conversation being read):
      // it shows the news itself, a notification would only repeat it.
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (
        windows.some((client) => client.focused && client.visibilityState === 'visible' && pathOf(client.url) === url)
      ) {
        return;
      }
      await self.registration.showNotification(typeof data.title === 'string' ? data.title : 'Shro', {
        body: typeof data.body === 'string' ? data.body : '',
        icon: typeof data.icon === 'string' ? data.icon : '/icon-192.png',
        badge: '/icon-192.png',
        ...(typeof data.tag === 'string' ? { tag: data.tag, renotify: true } : {}),
        data: { url },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = pushTarget(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab already on that page: bring it forward.
      const same = windows.find((client) => pathOf(client.url) === url);
      if (same) return same.focus();
      // Another tab of the app: bring it forward and let the app navigate in place (no reload).
      const other = windows[0];
      if (other) {
        other.postMessage({ type: 'open-url', url });
        return other.focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});
