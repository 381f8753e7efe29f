import fs from 'node:fs';
import { SERVER_BUNDLE } from '../../scripts/build-server';

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

/** Stops with the one command to run when the web app or the server has not been built. */
export function assertWebBuilt() {
  const webDist = process.env.WEB_DIST ?? 'dist/web';
  if (!fs.existsSync(`${webDist}/index.html`))
    throw new Error(`No web build in ${webDist}: run \`npm run build\` first`);
  if (!fs.existsSync(SERVER_BUNDLE)) throw new Error(`No server build (${SERVER_BUNDLE}): run \`npm run build\` first`);
}

/** The production server's command line (`npm run serve`): the bundle `npm run build` writes. */
export const serverCommand = ['--enable-source-maps', SERVER_BUNDLE];
