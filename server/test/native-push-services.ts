import { generateKeyPairSync, type KeyObject, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { ApnsSettings, FcmSettings } from '../config';
import { TEST_PUSH_SERVICE_CERT, TEST_PUSH_SERVICE_KEY } from './push-service';

/*
 * FCM and APNs inside the test process (decision 164). FCM: HTTP/1.1, its OAuth token endpoint
 * included, checking the service account's signed assertion. APNs: HTTP/2 over TLS (the test push
 * services' self-signed certificate), checking the ES256 provider token. Both record what they
 * receive and answer what a test chooses per device token.
 */

/** A JWT's header and claims once its signature verified with `key`; throws otherwise. */
function verifiedJwt(jwt: string, key: KeyObject, dsaEncoding?: 'ieee-p1363') {
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    dsaEncoding ? { key, dsaEncoding } : key,
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('bad signature');
  const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  return { header: decode(header), claims: decode(claims) };
}

export interface ReceivedNativePush {
  token: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
  /** The verified token's header and claims (FCM: the assertion exchanged for the access token). */
  auth: { header: Record<string, unknown>; claims: Record<string, unknown> };
}

interface Answer {
  status: number;
  body?: unknown;
}

interface NativeService<S> {
  settings: S;
  received: ReceivedNativePush[];
  /** What a send to `token` gets (200 by default). */
  answer(token: string, answer: Answer): void;
  close(): Promise<void>;
}

export interface TestFcm extends NativeService<FcmSettings> {
  /** Assertions exchanged for an access token so far, verified. */
  exchanges: { header: Record<string, unknown>; claims: Record<string, unknown> }[];
}

const FCM_PROJECT = 'shro-test';

export async function startTestFcm(): Promise<TestFcm> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const exchanges: TestFcm['exchanges'] = [];
  const received: ReceivedNativePush[] = [];
  const answers = new Map<string, Answer>();
  /** Access token → the assertion it was issued for. */
  const issued = new Map<string, TestFcm['exchanges'][number]>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const reply = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.method === 'POST' && request.url === '/token') {
        const form = new URLSearchParams(text);
        try {
          if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') throw new Error('grant');
          const assertion = verifiedJwt(form.get('assertion') ?? '', publicKey);
          exchanges.push(assertion);
          const accessToken = `ya29.${randomBytes(12).toString('hex')}`;
          issued.set(accessToken, assertion);
          return reply(200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
        } catch {
          return reply(400, { error: 'invalid_grant' });
        }
      }
      if (request.method === 'POST' && request.url === `/v1/projects/${FCM_PROJECT}/messages:send`) {
        const auth = issued.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!auth) return reply(401, { error: { status: 'UNAUTHENTICATED' } });
        const body = JSON.parse(text) as { message: { token: string } };
        received.push({ token: body.message.token, headers: request.headers, body, auth });
        const answer = answers.get(body.message.token) ?? { status: 200, body: { name: 'projects/x/messages/1' } };
        return reply(answer.status, answer.body ?? {});
      }
      return reply(404, { error: { status: 'NOT_FOUND' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    settings: {
      projectId: FCM_PROJECT,
      clientEmail: 'push@shro-test.iam.gserviceaccount.com',
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      privateKeyId: 'test-key-1',
      tokenUri: `${base}/token`,
      baseUrl: base,
    },
    received,
    exchanges,
    answer: (token, answer) => answers.set(token, answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TestApns = NativeService<ApnsSettings>;

export async function startTestApns(): Promise<TestApns> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const received: ReceivedNativePush[] = [];
  const answers = new Map<string, Answer>();
  const sessions = new Set<http2.ServerHttp2Session>();
  const server = http2.createSecureServer({ cert: TEST_PUSH_SERVICE_CERT, key: TEST_PUSH_SERVICE_KEY });
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const reply = (status: number, body?: unknown) => {
        stream.respond({ ':status': status, 'content-type': 'application/json' });
        stream.end(body === undefined ? '' : JSON.stringify(body));
      };
      const path = String(headers[':path']);
      if (headers[':method'] !== 'POST' || !path.startsWith('/3/device/')) return reply(404, { reason: 'BadPath' });
      let auth: ReceivedNativePush['auth'];
      try {
        auth = verifiedJwt(String(headers.authorization).replace(/^bearer /, ''), publicKey, 'ieee-p1363');
      } catch {
        return reply(403, { reason: 'InvalidProviderToken' });
      }
      const token = decodeURIComponent(path.slice('/3/device/'.length));
      received.push({ token, headers: { ...headers }, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), auth });
      const answer = answers.get(token) ?? { status: 200 };
      reply(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    settings: {
      key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      keyId: 'KEYID12345',
      teamId: 'TEAMID1234',
      bundleId: 'app.shro.mobile',
      baseUrl: `https://localhost:${(server.address() as AddressInfo).port}`,
    },
    received,
    answer: (token, answer) => answers.set(token, answer),
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}
