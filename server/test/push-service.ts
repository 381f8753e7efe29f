import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/*
 * A push service inside the test process (RFC 8030): it receives what the server's web-push sends,
 * answers with the status a test chooses, and decrypts each message (RFC 8291, aes128gcm) with the
 * browser keys it handed out, as a browser would. HTTPS, like every real push service: the
 * certificate below is self-signed for localhost/127.0.0.1 (valid until 2126) and the app is told
 * to trust it through `testPushAgent`.
 */

const CERT = fs.readFileSync(new URL('./push-service-cert.pem', import.meta.url), 'utf8');
const KEY = fs.readFileSync(new URL('./push-service-key.pem', import.meta.url), 'utf8');

/** The test push services' certificate (self-signed for localhost and 127.0.0.1), for a client to trust. */
export const TEST_PUSH_SERVICE_CERT = CERT;
/** Its private key, for another stand-in service (server/test/native-push-services.ts). */
export const TEST_PUSH_SERVICE_KEY = KEY;

/** An agent that trusts the test push service's certificate (and nothing else is asked of it). */
export const testPushAgent = () => new https.Agent({ ca: CERT });

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload, parsed. */
  payload: unknown;
}

/** A browser's side of one subscription: its keys, and the JSON it would POST to the app. */
export interface TestBrowser {
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface TestPushService {
  /** A new browser subscription whose endpoint is on this service. */
  browser(): TestBrowser;
  /** Every push received so far, decrypted, in arrival order. */
  received: ReceivedPush[];
  /** The status the next requests get (201 by default, as a push service accepting a message). */
  respondWith(status: number): void;
  close(): Promise<void>;
}

export async function startTestPushService(): Promise<TestPushService> {
  const keysByPath = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  let status = 201;
  const server = https.createServer({ cert: CERT, key: KEY }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const keys = keysByPath.get(path);
      let payload: unknown = null;
      if (keys && request.headers['content-encoding'] === 'aes128gcm') {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: keys.ecdh,
          authSecret: keys.auth.toString('base64url'),
        });
        payload = JSON.parse(plain.toString('utf8'));
      }
      received.push({ path, headers: request.headers, payload });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let count = 0;
  return {
    received,
    respondWith(code) {
      status = code;
    },
    browser() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${++count}-${randomBytes(6).toString('hex')}`;
      keysByPath.set(path, { ecdh, auth });
      return {
        subscription: {
          endpoint: `https://localhost:${port}${path}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
