import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

/** A comma-separated list, trimmed and lower-cased; undefined when unset or empty. */
function listFromEnv(raw: string | undefined): string[] | undefined {
  const items = (raw ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  return items.length > 0 ? items : undefined;
}

/**
 * TRUST_PROXY: unset/`false` trusts no proxy; a comma list of the proxies' addresses or CIDR
 * ranges (or `loopback`, `uniquelocal`) trusts only those, so the client IP is the first address
 * from the right of X-Forwarded-For that none of them wrote, whatever the client put before it;
 * `true` (or `1`) trusts every hop, safe only behind a proxy that replaces X-Forwarded-For.
 */
function trustProxyFromEnv(raw: string | undefined): boolean | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Node refuses to start when a request timeout (0 is none) is shorter than the headers timeout: say why instead. */
function atLeastHeadersTimeout(requestTimeoutMs: number, headersTimeoutMs: number): number {
  if (requestTimeoutMs > 0 && requestTimeoutMs < headersTimeoutMs) {
    throw new Error(
      `REQUEST_TIMEOUT_MS (${requestTimeoutMs}) must be 0 or at least HEADERS_TIMEOUT_MS (${headersTimeoutMs})`,
    );
  }
  return requestTimeoutMs;
}

/** Where images go when S3_BUCKET is set (docs/decisions/138-images-in-s3.md). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); unset: AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Put before every object name: `uploads/` by default, so the bucket may hold other things. */
  prefix: string;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, a profile, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_PREFIX',
  'S3_FORCE_PATH_STYLE',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
];

/** S3 storage when S3_BUCKET is set; a half-given setup refuses to start rather than store locally. */
function s3FromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    const given = S3_SETTINGS.filter((name) => env[name]);
    if (given.length > 0) throw new Error(`S3_BUCKET must be set to store images in S3 (${given.join(', ')} given)`);
    return undefined;
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey) {
    throw new Error(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's own credentials",
    );
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:$/.test(URL.parse(endpoint)?.protocol ?? '')) {
    throw new Error(`S3_ENDPOINT must be an http:// or https:// URL, got "${endpoint}"`);
  }
  const rawPrefix = (env.S3_PREFIX ?? 'uploads/').trim().replace(/^\/+/, '');
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  return {
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    // Most S3-compatible services want the bucket in the path; AWS wants it in the host name.
    forcePathStyle: pathStyle ? pathStyle === 'true' || pathStyle === '1' : endpoint !== undefined,
    prefix: rawPrefix === '' || rawPrefix.endsWith('/') ? rawPrefix : `${rawPrefix}/`,
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  };
}

/** Android App Links and iOS universal links: what the well-known files declare (decision 164). */
export interface AppLinkSettings {
  androidAppId: string;
  /** SHA-256 fingerprints of the signing certificates (`AA:BB:…`); none: no assetlinks.json. */
  androidCertFingerprints: string[];
  /** Unset: no apple-app-site-association. */
  appleTeamId?: string;
  iosBundleId: string;
}

/** FCM HTTP v1 with a service account (decision 164). */
export interface FcmSettings {
  projectId: string;
  clientEmail: string;
  /** The service account's RSA private key (PEM). */
  privateKey: string;
  privateKeyId?: string;
  /** Where the signed assertion is exchanged for an access token. */
  tokenUri: string;
  /** https://fcm.googleapis.com; tests point it at a local stand-in. */
  baseUrl: string;
}

/** APNs with token-based auth (decision 164). */
export interface ApnsSettings {
  /** The .p8 signing key (PEM, P-256). */
  key: string;
  keyId: string;
  teamId: string;
  /** The apns-topic: the app's bundle id. */
  bundleId: string;
  /** api.push.apple.com or the sandbox; tests point it at a local stand-in. */
  baseUrl: string;
}

const APP_ID = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
const CERT_FINGERPRINT = /^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/;
const APPLE_ID = /^[A-Z0-9]{10}$/;

/** A bundle or package id (`app.shro.mobile`): dot-separated names starting with a letter. */
function appIdFromEnv(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]?.trim() || 'app.shro.mobile';
  if (!APP_ID.test(value)) throw new Error(`${name} must be an app id such as app.shro.mobile, got "${value}"`);
  return value;
}

/** A 10-character Apple id (team or key id), upper case; undefined when unset. */
function appleIdFromEnv(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim().toUpperCase();
  if (!value) return undefined;
  if (!APPLE_ID.test(value)) throw new Error(`${name} must be 10 letters or digits, got "${env[name]}"`);
  return value;
}

function appLinksFromEnv(env: NodeJS.ProcessEnv): AppLinkSettings {
  const fingerprints = (env.ANDROID_CERT_SHA256 ?? '')
    .split(',')
    .map((item) => item.trim().toUpperCase())
    .filter(Boolean);
  for (const fingerprint of fingerprints) {
    if (!CERT_FINGERPRINT.test(fingerprint)) {
      throw new Error(
        `ANDROID_CERT_SHA256 must be a comma list of SHA-256 fingerprints (32 bytes as AA:BB:…), got "${fingerprint}"`,
      );
    }
  }
  const appleTeamId = appleIdFromEnv(env, 'APPLE_TEAM_ID');
  return {
    androidAppId: appIdFromEnv(env, 'ANDROID_APP_ID'),
    androidCertFingerprints: fingerprints,
    ...(appleTeamId ? { appleTeamId } : {}),
    iosBundleId: appIdFromEnv(env, 'IOS_BUNDLE_ID'),
  };
}

/** A secret given inline or as the path of a file holding it (a mounted secret). */
function inlineOrFile(name: string, raw: string, looksInline: (value: string) => boolean): string {
  if (looksInline(raw.trim())) return raw;
  try {
    return fs.readFileSync(raw.trim(), 'utf8');
  } catch {
    throw new Error(`${name} must hold the value itself or the path of a readable file; "${raw.trim()}" is neither`);
  }
}

/** A PEM private key of the given type, or a start-up error naming the setting. */
function privateKeyPem(name: string, pem: string, check: (key: ReturnType<typeof createPrivateKey>) => boolean) {
  try {
    if (check(createPrivateKey(pem))) return pem;
  } catch {
    // Reported below, without the library's message (which may quote the key).
  }
  throw new Error(`${name} does not hold a usable private key`);
}

function fcmFromEnv(env: NodeJS.ProcessEnv): FcmSettings | undefined {
  const raw = env.FCM_SERVICE_ACCOUNT?.trim();
  if (!raw) return undefined;
  let account: Record<string, unknown>;
  try {
    account = JSON.parse(inlineOrFile('FCM_SERVICE_ACCOUNT', raw, (value) => value.startsWith('{')));
  } catch (error) {
    if (error instanceof SyntaxError) throw new Error('FCM_SERVICE_ACCOUNT must be a service account key in JSON');
    throw error;
  }
  const field = (key: string) => (typeof account[key] === 'string' ? (account[key] as string) : undefined);
  const projectId = field('project_id');
  const clientEmail = field('client_email');
  const privateKey = field('private_key');
  if (account.type !== 'service_account' || !projectId || !clientEmail || !privateKey) {
    throw new Error(
      'FCM_SERVICE_ACCOUNT must be a service account key (type service_account, project_id, client_email, private_key)',
    );
  }
  const tokenUri = field('token_uri') ?? 'https://oauth2.googleapis.com/token';
  if (URL.parse(tokenUri)?.protocol !== 'https:')
    throw new Error('FCM_SERVICE_ACCOUNT: token_uri must be an https URL');
  const privateKeyId = field('private_key_id');
  return {
    projectId,
    clientEmail,
    privateKey: privateKeyPem('FCM_SERVICE_ACCOUNT', privateKey, (key) => key.asymmetricKeyType === 'rsa'),
    ...(privateKeyId ? { privateKeyId } : {}),
    tokenUri,
    baseUrl: 'https://fcm.googleapis.com',
  };
}

const APNS_SETTINGS = ['APNS_KEY', 'APNS_KEY_ID'];

/** APNs when APNS_KEY is set; a half-given setup refuses to start rather than send nothing. */
function apnsFromEnv(env: NodeJS.ProcessEnv, links: AppLinkSettings, production: boolean): ApnsSettings | undefined {
  const given = APNS_SETTINGS.filter((name) => env[name]?.trim());
  if (given.length === 0) return undefined;
  if (given.length < APNS_SETTINGS.length || !links.appleTeamId) {
    throw new Error('APNS_KEY, APNS_KEY_ID and APPLE_TEAM_ID go together: set all three to send to iOS, or none');
  }
  // An env file often spells the PEM's line breaks as `\n`.
  const pem = inlineOrFile('APNS_KEY', env.APNS_KEY!, (value) => value.startsWith('-----BEGIN')).replaceAll(
    '\\n',
    '\n',
  );
  const apnsProduction = env.APNS_PRODUCTION?.trim().toLowerCase();
  // Store and TestFlight builds get production tokens, builds run from Xcode sandbox ones.
  const toProduction = apnsProduction ? apnsProduction === 'true' || apnsProduction === '1' : production;
  return {
    key: privateKeyPem(
      'APNS_KEY',
      pem,
      (key) => key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1',
    ),
    keyId: appleIdFromEnv(env, 'APNS_KEY_ID')!,
    teamId: links.appleTeamId,
    bundleId: links.iosBundleId,
    baseUrl: toProduction ? 'https://api.push.apple.com' : 'https://api.sandbox.push.apple.com',
  };
}

export type AppConfig = ReturnType<typeof loadConfig>;

/** Reads the whole configuration from the environment once, with documented defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const dataDir = env.DATA_DIR ?? './data';
  const production = env.NODE_ENV === 'production';
  const appLinks = appLinksFromEnv(env);
  const inMemory = dataDir === ':memory:' || dataDir === 'memory://';
  return {
    port: intFromEnv('PORT', 3000),
    host: env.HOST ?? '0.0.0.0',
    /** `:memory:` keeps the database and uploads in memory/temp: a throw-away instance. */
    dataDir: inMemory ? ':memory:' : path.resolve(dataDir),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    /** Uploaded images in S3-compatible object storage; unset: the database (PostgreSQL) or DATA_DIR. */
    s3: s3FromEnv(env),
    /** Prefix of every Redis key this app writes (instances of one deployment share it). */
    redisPrefix: env.REDIS_PREFIX || 'shro',
    tmdbApiKey: env.TMDB_API_KEY || undefined,
    tmdbBaseUrl: env.TMDB_BASE_URL || 'https://api.themoviedb.org/3',
    /** Outgoing mail (password reset links), e.g. smtps://user:pass@smtp.example.com; unset: links are only logged. */
    smtpUrl: env.SMTP_URL || undefined,
    /** The From of outgoing mail, e.g. `Shro <no-reply@example.com>`. */
    mailFrom: env.MAIL_FROM || 'Shro <no-reply@localhost>',
    sessionSecret: env.SESSION_SECRET || undefined,
    /** Lower-cased usernames that are moderators (besides those granted with `npm run moderator -- add NAME`). */
    moderatorUsernames: listFromEnv(env.MODERATOR_USERNAMES) ?? [],
    /** A public Shro reported by this many distinct users leaves explore until a moderator decides. */
    reportAutoHideThreshold: Math.max(1, intFromEnv('REPORT_AUTO_HIDE_THRESHOLD', 3)),
    /** Web Push keys (both or neither; generated once and kept in the database otherwise), decision 116. */
    vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
    /** `mailto:` or `https:` contact the push services may use; PUBLIC_ORIGIN when unset. */
    vapidSubject: env.VAPID_SUBJECT || undefined,
    /** An outbound HTTP(S) proxy for requests to the browsers' push services, when egress needs one. */
    pushProxy: env.PUSH_PROXY || undefined,
    /**
     * The only hosts push subscriptions may point at (`name` or `*.name`); unset: the browsers'
     * push services (DEFAULT_PUSH_SERVICE_HOSTS in features/push/push-service-hosts.ts).
     */
    pushServiceHosts: listFromEnv(env.PUSH_SERVICE_HOSTS),
    /** The well-known files that let the native apps open Shro links (decision 164). */
    appLinks,
    /** Native push (decision 164): each service only when configured; tokens are stored either way. */
    nativePush: { fcm: fcmFromEnv(env), apns: apnsFromEnv(env, appLinks, production) },
    /** Set when the app is served over HTTPS (directly or behind a proxy): cookies get `Secure`, HSTS is sent. */
    secureCookies: env.SECURE_COOKIES === 'true' || env.SECURE_COOKIES === '1',
    /** Public origin (https://example.com) for canonical links and link previews. */
    publicOrigin: env.PUBLIC_ORIGIN?.replace(/\/$/, '') || undefined,
    /**
     * Without PUBLIC_ORIGIN, the only Host values (`name` or `name:port`) written into pages;
     * any other gets relative URLs. Unset: the listening address and localhost with PORT.
     */
    allowedHosts: listFromEnv(env.ALLOWED_HOSTS),
    /** Only for start-up warnings about production settings. */
    production,
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDist: path.resolve(env.WEB_DIST ?? 'dist/web'),
    /** Live channels (browser tabs) one user may hold open on one instance. */
    liveMaxChannelsPerUser: intFromEnv('LIVE_MAX_CHANNELS_PER_USER', 20),
    /** Live channels visitors (no auth cookie) may hold per client IP, across instances with Redis. */
    liveMaxVisitorChannelsPerIp: intFromEnv('LIVE_MAX_VISITOR_CHANNELS_PER_IP', 50),
    /** An upload (multipart body) that stops moving for this long is refused with 400. */
    uploadIdleTimeoutMs: intFromEnv('UPLOAD_IDLE_TIMEOUT_MS', 30_000),
    // Slow clients (docs/decisions/012-slow-clients.md).
    /** An upload must average at least this many bytes per second once the grace below is over (408 otherwise). */
    uploadMinBytesPerSecond: intFromEnv('UPLOAD_MIN_BYTES_PER_SECOND', 32 * 1024),
    uploadRateGraceMs: intFromEnv('UPLOAD_RATE_GRACE_MS', 10_000),
    /** A non-multipart body (JSON) must have arrived this long after its headers (408 otherwise). */
    bodyTimeoutMs: intFromEnv('BODY_TIMEOUT_MS', 10_000),
    /** Node's `headersTimeout`: the request line and headers must have arrived within this. */
    headersTimeoutMs: intFromEnv('HEADERS_TIMEOUT_MS', 10_000),
    /** Node's `requestTimeout`: the ceiling for receiving any whole request, the largest upload at the minimum rate included. */
    requestTimeoutMs: atLeastHeadersTimeout(
      intFromEnv('REQUEST_TIMEOUT_MS', 15 * 60_000),
      intFromEnv('HEADERS_TIMEOUT_MS', 10_000),
    ),
    /** How long an idle keep-alive connection stays open; above the usual 60 s of load balancers. */
    keepAliveTimeoutMs: intFromEnv('KEEP_ALIVE_TIMEOUT_MS', 72_000),
    /** Open connections per client socket address; 0 turns the cap off. Not applied with TRUST_PROXY (set it at the proxy). */
    maxConnectionsPerIp: intFromEnv('MAX_CONNECTIONS_PER_IP', 200),
    /** Images decoded and re-encoded at once in this process (a queue holds the rest); about the core count. */
    imageWorkConcurrency: Math.max(1, intFromEnv('IMAGE_WORK_CONCURRENCY', os.availableParallelism())),
    /** Multipart uploads (creates with images, new profile pictures) one user may have in flight on one instance. */
    uploadMaxConcurrentPerUser: intFromEnv('UPLOAD_MAX_CONCURRENT_PER_USER', 2),
    /** Bytes of stored images (box images and profile picture) one user may own. */
    uploadQuotaBytesPerUser: intFromEnv('UPLOAD_QUOTA_MB_PER_USER', 200) * 1024 * 1024,
    rateLimits: {
      loginFailuresPerUsername: intFromEnv('RATE_LIMIT_LOGIN_PER_USERNAME', 10),
      loginFailuresPerIp: intFromEnv('RATE_LIMIT_LOGIN_PER_IP', 100),
      loginWindowSeconds: intFromEnv('RATE_LIMIT_LOGIN_WINDOW_SECONDS', 15 * 60),
      registrationsPerIp: intFromEnv('RATE_LIMIT_REGISTER_PER_IP', 30),
      registrationWindowSeconds: intFromEnv('RATE_LIMIT_REGISTER_WINDOW_SECONDS', 60 * 60),
      /** Forgot-password requests per client IP, and per username or email asked for, per window. */
      passwordResetsPerIp: intFromEnv('RATE_LIMIT_PASSWORD_RESETS_PER_IP', 20),
      passwordResetsPerTarget: intFromEnv('RATE_LIMIT_PASSWORD_RESETS_PER_TARGET', 3),
      passwordResetWindowSeconds: intFromEnv('RATE_LIMIT_PASSWORD_RESETS_WINDOW_SECONDS', 60 * 60),
      /** Reports (`POST /api/reports`) per user per window, valid or not. */
      reportsPerUser: intFromEnv('RATE_LIMIT_REPORTS_PER_USER', 20),
      reportWindowSeconds: intFromEnv('RATE_LIMIT_REPORTS_WINDOW_SECONDS', 60 * 60),
      /** Data exports (`GET /api/account/export`) per user per window; more answer 429. */
      accountExportsPerUser: intFromEnv('RATE_LIMIT_ACCOUNT_EXPORTS_PER_USER', 3),
      accountExportWindowSeconds: intFromEnv('RATE_LIMIT_ACCOUNT_EXPORTS_WINDOW_SECONDS', 60 * 60),
      writesPerUser: intFromEnv('RATE_LIMIT_WRITES_PER_USER', 120),
      writeWindowSeconds: intFromEnv('RATE_LIMIT_WRITES_WINDOW_SECONDS', 60),
      /** Writes per client IP in the same window, all accounts together (a household behind one NAT). */
      writesPerIp: intFromEnv('RATE_LIMIT_WRITES_PER_IP', 600),
      /** Search, explore, public profile and friend search reads per user, and per IP (visitors included). */
      readsPerUser: intFromEnv('RATE_LIMIT_READS_PER_USER', 300),
      readsPerIp: intFromEnv('RATE_LIMIT_READS_PER_IP', 600),
      readWindowSeconds: intFromEnv('RATE_LIMIT_READS_WINDOW_SECONDS', 60),
      analyticsPerClient: intFromEnv('RATE_LIMIT_ANALYTICS_PER_CLIENT', 60),
      analyticsWindowSeconds: intFromEnv('RATE_LIMIT_ANALYTICS_WINDOW_SECONDS', 60),
      /** CSP violation reports (`POST /api/csp-report`) per client IP per window; more answer 429. */
      cspReportsPerIp: intFromEnv('RATE_LIMIT_CSP_REPORTS_PER_IP', 60),
      cspReportWindowSeconds: intFromEnv('RATE_LIMIT_CSP_REPORTS_WINDOW_SECONDS', 60),
    },
  };
}
