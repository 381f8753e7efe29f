import path from 'node:path';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

export type AppConfig = ReturnType<typeof loadConfig>;

/** Reads the whole configuration from the environment once, with documented defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const dataDir = env.DATA_DIR ?? './data';
  const inMemory = dataDir === ':memory:' || dataDir === 'memory://';
  return {
    port: intFromEnv('PORT', 3000),
    host: env.HOST ?? '0.0.0.0',
    /** `:memory:` keeps the database and uploads in memory/temp: a throw-away instance. */
    dataDir: inMemory ? ':memory:' : path.resolve(dataDir),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    /** Prefix of every Redis key this app writes (instances of one deployment share it). */
    redisPrefix: env.REDIS_PREFIX || 'shro',
    tmdbApiKey: env.TMDB_API_KEY || undefined,
    tmdbBaseUrl: env.TMDB_BASE_URL || 'https://api.themoviedb.org/3',
    sessionSecret: env.SESSION_SECRET || undefined,
    /** Set when the app is served over HTTPS (directly or behind a proxy): cookies get `Secure`, HSTS is sent. */
    secureCookies: env.SECURE_COOKIES === 'true' || env.SECURE_COOKIES === '1',
    /** Public origin (https://example.com) for canonical links; taken from the request when unset. */
    publicOrigin: env.PUBLIC_ORIGIN?.replace(/\/$/, '') || undefined,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDist: path.resolve(env.WEB_DIST ?? 'dist/web'),
    /** Live channels (browser tabs) one user may hold open on one instance. */
    liveMaxChannelsPerUser: intFromEnv('LIVE_MAX_CHANNELS_PER_USER', 20),
    /** An upload (multipart body) that stops moving for this long is refused with 400. */
    uploadIdleTimeoutMs: intFromEnv('UPLOAD_IDLE_TIMEOUT_MS', 30_000),
    rateLimits: {
      loginFailuresPerUsername: intFromEnv('RATE_LIMIT_LOGIN_PER_USERNAME', 10),
      loginFailuresPerIp: intFromEnv('RATE_LIMIT_LOGIN_PER_IP', 100),
      loginWindowSeconds: intFromEnv('RATE_LIMIT_LOGIN_WINDOW_SECONDS', 15 * 60),
      registrationsPerIp: intFromEnv('RATE_LIMIT_REGISTER_PER_IP', 30),
      registrationWindowSeconds: intFromEnv('RATE_LIMIT_REGISTER_WINDOW_SECONDS', 60 * 60),
      writesPerUser: intFromEnv('RATE_LIMIT_WRITES_PER_USER', 120),
      writeWindowSeconds: intFromEnv('RATE_LIMIT_WRITES_WINDOW_SECONDS', 60),
      analyticsPerClient: intFromEnv('RATE_LIMIT_ANALYTICS_PER_CLIENT', 60),
      analyticsWindowSeconds: intFromEnv('RATE_LIMIT_ANALYTICS_WINDOW_SECONDS', 60),
    },
  };
}
