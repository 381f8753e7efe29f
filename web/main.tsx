// First: zod must be jitless before any schema is built (CSP forbids eval).
import './lib/zod-jitless';
import { SOURCE_LOCALE } from '@contract/locales';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startEarlyReads } from './app/early-reads';
import { AppLayout } from './app/layout/app-layout';
import { preloadOnIntent } from './app/preload-on-intent';
import { AppProviders } from './app/providers';
import { AppRouter, preloadPageFor } from './app/router';
import { readTimeZoneWhenIdle } from './lib/api-client';
import { activateLocale, pageLocale } from './lib/i18n';
import { configureStatusBar, isNativeApp } from './lib/native';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

// Inside the native shell: the dark status bar on the brand background, and an App Link or Universal
// Link that opens the app shows its page (both no-ops on the web).
configureStatusBar();
if (isNativeApp()) void import('./lib/app-links').then(({ listenForAppLinks }) => listenForAppLinks());

/** A page's code that has not come by then (a stalled request) no longer holds the app back. */
const FIRST_RENDER_WAIT_MS = 3000;

// The reads the page will need start now (web/app/early-reads.ts), and the app renders once the
// page's own code is there: the page shows at once, never after a loading screen (decision 143).
const queryClient = createQueryClient();
const earlyParts = startEarlyReads(queryClient, window.location.pathname);
// The page's language (the server's choice, on <html lang>): no text shows before its catalog.
const texts = activateLocale(pageLocale()).catch(() => activateLocale(SOURCE_LOCALE));
const pageCode = Promise.race([
  Promise.all([preloadPageFor(window.location.pathname), earlyParts]),
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]);
void Promise.all([texts, pageCode]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // Rendered in slices that yield to the browser, not as one long task (decision 183).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <AppLayout>
            <AppRouter />
          </AppLayout>
        </AppProviders>
      </StrictMode>,
    ),
  );
  // The browser's time zone (sent with calls for streak days) is read once the page has shown.
  readTimeZoneWhenIdle();
});

// Later pages: their code loads when the user reaches for a link to them (decision 145).
preloadOnIntent(document, window.location.origin, preloadPageFor);

registerServiceWorker();
