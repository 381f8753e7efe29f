import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { TMDB_IMAGE_ORIGIN } from '../../contract/catalog';

type HelmetOptions = NonNullable<Parameters<typeof helmet>[0]>;

/** Where browsers send Content-Security-Policy violation reports (server/features/csp-report). */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The name the CSP's `report-to` gives the endpoint declared in `Reporting-Endpoints`. */
const CSP_REPORT_GROUP = 'csp-endpoint';

/**
 * Powerful browser features: the app's own pages keep what the app uses (copying a link,
 * `clipboard-write`, web/lib/copy-text.ts) and signing in with a passkey (`publickey-credentials-get`,
 * decision 187); everything else is denied to the page and to any
 * frame. Left at the browser's default (the page itself only): `autoplay`, for the app's sounds
 * (web/lib/sounds.ts), and `web-share`, for the share sheet (web/lib/native.ts), which Chromium
 * on desktop Linux does not know: naming it there logs a warning on every page.
 */
const PERMISSIONS_POLICY = Object.entries({
  accelerometer: '()',
  camera: '()',
  'clipboard-read': '()',
  'clipboard-write': '(self)',
  'display-capture': '()',
  'encrypted-media': '()',
  fullscreen: '()',
  geolocation: '()',
  gyroscope: '()',
  hid: '()',
  'idle-detection': '()',
  magnetometer: '()',
  microphone: '()',
  midi: '()',
  payment: '()',
  'picture-in-picture': '()',
  'publickey-credentials-get': '(self)',
  'screen-wake-lock': '()',
  serial: '()',
  usb: '()',
  'xr-spatial-tracking': '()',
})
  .map(([feature, allow]) => `${feature}=${allow}`)
  .join(', ');

/** Helmet's options for the app: the document set, from which the data set is derived (decision 141). */
function helmetOptions(config: { secureCookies: boolean }): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', TMDB_IMAGE_ORIGIN],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        reportUri: [CSP_REPORT_PATH],
        // Chromium prefers report-to and then ignores report-uri, but it takes a Reporting-Endpoints
        // header only from an HTTPS page: over plain HTTP a report-to would silence it altogether.
        ...(config.secureCookies ? { reportTo: [CSP_REPORT_GROUP] } : {}),
      },
    },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The same answer as frame-ancestors 'none', for browsers that only know this header.
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}

/** Runs helmet once against a stand-in response and keeps the headers it would set. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: () => undefined,
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Headers only a document obeys: a page, a frame, a worker. A fingerprinted script or style sheet
 * under /assets/ is never one: a browser that opens one shows it as text (`nosniff`, and its
 * type), and these headers do nothing on it but make up most of each such answer's head, on every
 * file of a first load (decision 135). Answers under /api/ go without them too, but for
 * a CSP and `X-Frame-Options` that refuse everything (decision 141).
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'reporting-endpoints',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** The one list of security headers a document carries (uploads then tighten their own CSP). */
function securityHeaderSet(config: { secureCookies: boolean }): Record<string, string> {
  return {
    ...helmetHeaders(helmetOptions(config)),
    'permissions-policy': PERMISSIONS_POLICY,
    ...(config.secureCookies ? { 'reporting-endpoints': `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"` } : {}),
  };
}

/**
 * The CSP of an answer that is data: nothing in it may load or run anything, and no page may
 * frame it (decision 141).
 */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * What an answer that is data carries (JSON, an event stream, an image): the document set without
 * the headers only a document obeys, and with a CSP and `X-Frame-Options` that refuse everything,
 * for a browser that opens it as a page anyway (decision 141).
 */
function dataHeaderSet(documentSet: Record<string, string>): Record<string, string> {
  const set = { ...documentSet };
  for (const name of DOCUMENT_ONLY_HEADERS) delete set[name];
  return { ...set, 'content-security-policy': DATA_CSP, 'x-frame-options': 'DENY' };
}

/**
 * Answers under /api/ and /.well-known/ are data (JSON for programs: the API, the app-link files
 * of decision 164), except the API reference page (text/html, given the document set). Neither
 * prefix is a page: an unknown path under them is a JSON 404, never the web app.
 */
export const isDataPath = (url: string) => url.startsWith('/api/') || url.startsWith('/.well-known/');

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of a data answer written outside Fastify's reply (event streams, parser errors). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

/**
 * The security header sets, computed once. @fastify/helmet (no longer used) built a new helmet
 * middleware, CSP directives parsed again, on every request; with fixed options (no per-request
 * nonces) the headers never change, and that rebuilding was a large share of a cached Shro read's CPU
 * (decision 079). Also makes `Cache-Control: no-store` the default: an answer is cached only when its
 * route says so (static assets, posters, uploads), so no private JSON is ever kept by a cache.
 *
 * Pages get the document set, answers under /api/ the data set (decision 141), and any HTML
 * answer the document set whatever its path, so a document never goes without its headers.
 */
async function securityHeaders(app: FastifyInstance) {
  const documentHeaders = Object.freeze(securityHeaderSet(app.config));
  const dataHeaders = Object.freeze(dataHeaderSet(documentHeaders));
  app.decorate('securityHeaders', dataHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isDataPath(request.url) ? dataHeaders : documentHeaders);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    // A 304 updates the stored answer's headers: it keeps whatever its route said (or nothing).
    // An error is never worth keeping, whatever the route set before it failed.
    if (reply.statusCode >= 400 || (reply.statusCode !== 304 && !reply.hasHeader('cache-control'))) {
      reply.header('cache-control', 'no-store');
    }
    if (isHtml(reply.getHeader('content-type')) && reply.getHeader('content-security-policy') === DATA_CSP) {
      reply.headers(documentHeaders);
    }
    done(null, payload);
  });
}

const isHtml = (type: unknown) => typeof type === 'string' && type.startsWith('text/html');

export default fp(securityHeaders, { name: 'security-headers' });
