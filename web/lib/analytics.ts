import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_EVENTS,
  ANALYTICS_LABEL_MAX,
  ANALYTICS_PATH_MAX,
  type AnalyticsCategory,
  type AnalyticsEventName,
  SEARCH_LABEL_MAX,
} from '@contract/analytics-events';
import { appPages } from '@contract/pages';
import { apiPaths } from './api-paths';

/**
 * First-party analytics (docs/product.md §1, §3): events queue here and go to POST /api/analytics in
 * batches, every few seconds and when the page is hidden or left (navigator.sendBeacon).
 * Nothing here ever throws into the UI or waits on the network: a failed send is dropped.
 *
 * Google Analytics: when VITE_GA_MEASUREMENT_ID is set at build time and the page has loaded
 * `gtag` itself (see docs/decisions/069-google-analytics-opt-in.md), each event is also
 * handed to `gtag`. No third-party script is loaded by default, and the CSP would block one.
 */

interface QueuedEvent {
  name: AnalyticsEventName;
  category: AnalyticsCategory;
  label: string | null;
  path: string | null;
}

const ANALYTICS_ENDPOINT = apiPaths.analytics;
/** How long events wait for company before a batch goes out. */
export const FLUSH_DELAY_MS = 5000;
/** Events kept while sending is impossible; the oldest go first. */
const QUEUE_MAX = 500;

let queue: QueuedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

const gaMeasurementId: string | undefined = import.meta.env?.VITE_GA_MEASUREMENT_ID || undefined;

/** An invite link's token is a key to a friendship: analytics keep the page, never the token (decision 124). */
const withoutSecrets = (path: string) => path.replace(/^\/invite\/[^/]*/, appPages.invite.path);

function currentPath(): string | null {
  if (typeof window === 'undefined') return null;
  return withoutSecrets(window.location.pathname).slice(0, ANALYTICS_PATH_MAX);
}

/** Sends one batch with fetch; `keepalive` lets it finish while the page unloads. */
async function post(events: QueuedEvent[]): Promise<void> {
  try {
    await fetch(ANALYTICS_ENDPOINT, {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ events }),
    });
  } catch {
    // Offline or blocked: analytics are best effort.
  }
}

/** Sends everything queued now. */
export async function flushAnalytics(): Promise<void> {
  if (timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
  const sends: Promise<void>[] = [];
  while (queue.length > 0) sends.push(post(queue.splice(0, ANALYTICS_BATCH_MAX)));
  await Promise.all(sends);
}

/** Sends everything queued as the page goes away: sendBeacon survives the unload, fetch may not. */
function flushOnExit(): void {
  if (timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
  while (queue.length > 0) {
    const events = queue.splice(0, ANALYTICS_BATCH_MAX);
    let sent = false;
    try {
      // A JSON Blob: the server reads it like any JSON call; same-origin passes its CSRF check.
      const body = new Blob([JSON.stringify({ events })], { type: 'application/json' });
      sent =
        typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
          ? navigator.sendBeacon(ANALYTICS_ENDPOINT, body)
          : false;
    } catch {
      sent = false;
    }
    if (!sent) void post(events);
  }
}

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', flushOnExit);
  // Phones often never fire pagehide when an app is swiped away; hidden is the last sure moment.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushOnExit();
  });
}

function enqueue(event: QueuedEvent): void {
  listen();
  queue.push(event);
  if (queue.length > QUEUE_MAX) queue = queue.slice(-QUEUE_MAX);
  if (queue.length >= ANALYTICS_BATCH_MAX) {
    void flushAnalytics();
  } else if (timer === null) {
    timer = setTimeout(() => {
      timer = null;
      void flushAnalytics();
    }, FLUSH_DELAY_MS);
  }
}

function forwardToGoogle(event: QueuedEvent): void {
  if (!gaMeasurementId || typeof window === 'undefined' || typeof window.gtag !== 'function') return;
  if (event.name === 'page_view') {
    window.gtag('event', 'page_view', { page_path: event.path, send_to: gaMeasurementId });
  } else {
    window.gtag('event', event.name, {
      event_category: event.category,
      event_label: event.label ?? undefined,
      send_to: gaMeasurementId,
    });
  }
}

/**
 * Records one event of docs/product.md §3. The category defaults to the event's own (contract/analytics.ts);
 * the label is cut to what the server takes. Never throws.
 */
export function trackEvent(
  name: AnalyticsEventName,
  options: { label?: string | number | null; category?: AnalyticsCategory; path?: string } = {},
): void {
  try {
    const label = options.label === undefined || options.label === null ? null : String(options.label);
    const event: QueuedEvent = {
      name,
      category: options.category ?? ANALYTICS_EVENTS[name],
      label: label ? label.slice(0, ANALYTICS_LABEL_MAX) : null,
      path: options.path?.slice(0, ANALYTICS_PATH_MAX) ?? currentPath(),
    };
    enqueue(event);
    forwardToGoogle(event);
  } catch {
    // Analytics must never break the page.
  }
}

/** A page view of `path` (the app calls this on every path change). */
export function trackPageView(path: string): void {
  trackEvent('page_view', { path: withoutSecrets(path.split(/[?#]/)[0] || '/') });
}

/** docs/product.md §3: a movie search is labelled with the first 20 characters of the query. */
export const searchLabel = (query: string) => query.trim().slice(0, SEARCH_LABEL_MAX);
