import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

/* FCM_SERVICE_ACCOUNT, APNS_KEY, APNS_KEY_ID, APNS_PRODUCTION: checked once, at start (decision 164). */

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({
  type: 'pkcs8',
  format: 'pem',
});
const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
const account = {
  type: 'service_account',
  project_id: 'shro-prod',
  private_key_id: 'abc123',
  private_key: rsa,
  client_email: 'push@shro-prod.iam.gserviceaccount.com',
  token_uri: 'https://oauth2.googleapis.com/token',
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-native-'));
const accountFile = path.join(dir, 'service-account.json');
const keyFile = path.join(dir, 'AuthKey_KEYID12345.p8');
fs.writeFileSync(accountFile, JSON.stringify(account));
fs.writeFileSync(keyFile, p256);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const apnsEnv = { APNS_KEY: keyFile, APNS_KEY_ID: 'keyid12345', APPLE_TEAM_ID: 'TEAMID1234' };

describe('native push settings', () => {
  it('are off with nothing set', () => {
    expect(loadConfig({}).nativePush).toEqual({ fcm: undefined, apns: undefined });
  });

  it('read the FCM service account inline or from a file', () => {
    const expected = {
      projectId: 'shro-prod',
      clientEmail: account.client_email,
      privateKey: rsa,
      privateKeyId: 'abc123',
      tokenUri: account.token_uri,
      baseUrl: 'https://fcm.googleapis.com',
    };
    expect(loadConfig({ FCM_SERVICE_ACCOUNT: JSON.stringify(account) }).nativePush.fcm).toEqual(expected);
    expect(loadConfig({ FCM_SERVICE_ACCOUNT: accountFile }).nativePush.fcm).toEqual(expected);
  });

  it('read the APNs key inline or from a file, for the team and bundle id; sandbox unless production', () => {
    const apns = {
      key: p256,
      keyId: 'KEYID12345',
      teamId: 'TEAMID1234',
      bundleId: 'app.shro.mobile',
      baseUrl: 'https://api.sandbox.push.apple.com',
    };
    expect(loadConfig(apnsEnv).nativePush.apns).toEqual(apns);
    expect(loadConfig({ ...apnsEnv, APNS_KEY: p256 as string }).nativePush.apns).toEqual(apns);
    // As an env file spells it: one line, `\n` for each line break.
    const oneLine = (p256 as string).replaceAll('\n', '\\n');
    expect(loadConfig({ ...apnsEnv, APNS_KEY: oneLine }).nativePush.apns).toEqual(apns);
    const production = 'https://api.push.apple.com';
    expect(loadConfig({ ...apnsEnv, NODE_ENV: 'production' }).nativePush.apns?.baseUrl).toBe(production);
    expect(loadConfig({ ...apnsEnv, APNS_PRODUCTION: 'true' }).nativePush.apns?.baseUrl).toBe(production);
    expect(loadConfig({ ...apnsEnv, NODE_ENV: 'production', APNS_PRODUCTION: 'false' }).nativePush.apns?.baseUrl).toBe(
      'https://api.sandbox.push.apple.com',
    );
    expect(loadConfig({ ...apnsEnv, IOS_BUNDLE_ID: 'com.example.shro' }).nativePush.apns?.bundleId).toBe(
      'com.example.shro',
    );
  });

  it.each([
    [{ FCM_SERVICE_ACCOUNT: '{not json' }, 'FCM_SERVICE_ACCOUNT must be a service account key in JSON'],
    [{ FCM_SERVICE_ACCOUNT: '/nonexistent/sa.json' }, 'FCM_SERVICE_ACCOUNT must hold the value itself or the path'],
    [{ FCM_SERVICE_ACCOUNT: JSON.stringify({ ...account, type: 'user' }) }, 'type service_account'],
    [{ FCM_SERVICE_ACCOUNT: JSON.stringify({ ...account, project_id: undefined }) }, 'project_id'],
    [
      { FCM_SERVICE_ACCOUNT: JSON.stringify({ ...account, private_key: 'nope' }) },
      'does not hold a usable private key',
    ],
    [{ FCM_SERVICE_ACCOUNT: JSON.stringify({ ...account, private_key: p256 }) }, 'does not hold a usable private key'],
    [{ FCM_SERVICE_ACCOUNT: JSON.stringify({ ...account, token_uri: 'http://x' }) }, 'token_uri must be an https URL'],
    [{ APNS_KEY: keyFile }, 'APNS_KEY, APNS_KEY_ID and APPLE_TEAM_ID go together'],
    [{ APNS_KEY_ID: 'KEYID12345', APPLE_TEAM_ID: 'TEAMID1234' }, 'go together'],
    [{ APNS_KEY: keyFile, APNS_KEY_ID: 'KEYID12345' }, 'go together'],
    [{ ...apnsEnv, APNS_KEY_ID: 'short' }, 'APNS_KEY_ID must be 10 letters or digits'],
    [{ ...apnsEnv, APNS_KEY: '/nonexistent/key.p8' }, 'APNS_KEY must hold the value itself or the path'],
    [{ ...apnsEnv, APNS_KEY: p384 as string }, 'APNS_KEY does not hold a usable private key'],
    [{ ...apnsEnv, APNS_KEY: rsa as string }, 'APNS_KEY does not hold a usable private key'],
  ])('refuse to start with %#', (env, message) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(message);
  });
});
