import fs from 'node:fs';
import { SERVER_NODE_FLAGS } from '../../scripts/build-server';

/**
 * The environment of the production server (built web + API) that browser tests drive: a
 * throw-away in-memory database, no Redis, and IP limits high enough for the many sign-ups and
 * sign-ins that come from one address during a run. Used by playwright.config.ts (e2e) and
 * tests/security/web-server-setup.ts (XSS in Chromium).
 */
export function browserTestServerEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: ':memory:',
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    WEB_DIST: process.env.WEB_DIST ?? 'dist/web',
    RATE_LIMIT_REGISTER_PER_IP: '10000',
    RATE_LIMIT_LOGIN_PER_IP: '10000',
    RATE_LIMIT_WRITES_PER_IP: '100000',
    RATE_LIMIT_READS_PER_IP: '100000',
    // e2e/moderation.spec.ts registers these (one per viewport project) and finds them moderators.
    MODERATOR_USERNAMES: 'e2e_mod_phone,e2e_mod_desktop',
    // The test push service of e2e/push.spec.ts is HTTPS with a self-signed certificate (decision 116),
    // at https://localhost:<port>: the only push host these tests may send to.
    NODE_EXTRA_CA_CERTS: 'server/test/push-service-cert.pem',
    PUSH_SERVICE_HOSTS: 'localhost',
  };
}

/** Stops with the one command to run when the web app has not been built. */
export function assertWebBuilt() {
  const webDist = process.env.WEB_DIST ?? 'dist/web';
  if (!fs.existsSync(`${webDist}/index.html`))
    throw new Error(`No web build in ${webDist}: run \`npm run build\` first`);
}

/**
 * The server a test suite runs, built as `npm run build` builds it (decision 155) but into the
 * suite's own folder, from the sources of the moment (never a stale or half-written
 * dist/server): `bundleServer('server/server.ts', bundle)` from scripts/build-server.ts, or
 * `node --import tsx scripts/build-server.ts <bundle>`.
 */
export const testServerBundle = (suite: 'e2e' | 'security' | 'faults') => `dist/${suite}/server.mjs`;

/** How the suites start that build: as `npm run serve` starts the production one. */
export const serverArgs = (bundle: string) => [...SERVER_NODE_FLAGS, bundle];
