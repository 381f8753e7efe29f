import { createHash, sign } from 'node:crypto';
import http2 from 'node:http2';
import type { ApnsSettings } from '../../config';
import {
  base64UrlJson,
  type NativeSendResult,
  type NativeTransport,
  PUSH_TTL_SECONDS,
  type PushPayload,
} from './native-payload';

/** Apple refuses a provider token older than an hour and throttles one renewed within 20 minutes. */
const PROVIDER_TOKEN_MS = 40 * 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
/** apns-collapse-id may not exceed 64 bytes. */
const COLLAPSE_ID_BYTES = 64;
/**
 * The reasons a 400 gives for a token that will never work again. Not DeviceTokenNotForTopic: that
 * one more likely says IOS_BUNDLE_ID is wrong, and forgetting every token would not fix it.
 */
const GONE_REASONS = new Set(['BadDeviceToken', 'Unregistered']);

/**
 * APNs with token-based auth (decision 164): an ES256 provider token signed with the .p8 key,
 * renewed well within its hour, and one HTTP/2 connection kept open for every send.
 */
export class ApnsTransport implements NativeTransport {
  /** TLS options of the connection; tests add the certificate of their stand-in service. */
  readonly connectOptions: http2.SecureClientSessionOptions = {};
  private session: http2.ClientHttp2Session | undefined;
  private providerToken: { value: string; madeAt: number } | undefined;

  constructor(private readonly settings: ApnsSettings) {}

  async send(token: string, payload: PushPayload): Promise<NativeSendResult> {
    const { statusCode, body } = await this.post(`/3/device/${encodeURIComponent(token)}`, apnsRequestBody(payload), {
      authorization: `bearer ${this.currentProviderToken()}`,
      'apns-topic': this.settings.bundleId,
      'apns-push-type': 'alert',
      'apns-priority': '10',
      'apns-expiration': String(Math.floor(Date.now() / 1000) + PUSH_TTL_SECONDS),
      'apns-collapse-id': collapseId(payload.tag),
    });
    if (statusCode === 200) return { outcome: 'sent' };
    const reason = parseReason(body);
    if (statusCode === 410 || (statusCode === 400 && GONE_REASONS.has(reason))) return { outcome: 'unregistered' };
    // Apple says when it wants a fresh provider token: the next send signs one.
    if (statusCode === 403 && reason === 'ExpiredProviderToken') this.providerToken = undefined;
    return { outcome: 'failed', statusCode, reason: reason || `status ${statusCode}` };
  }

  async close(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    if (session && !session.closed) await new Promise<void>((resolve) => session.close(() => resolve()));
  }

  private currentProviderToken(): string {
    if (this.providerToken && Date.now() - this.providerToken.madeAt < PROVIDER_TOKEN_MS)
      return this.providerToken.value;
    const unsigned = `${base64UrlJson({ alg: 'ES256', kid: this.settings.keyId })}.${base64UrlJson({
      iss: this.settings.teamId,
      iat: Math.floor(Date.now() / 1000),
    })}`;
    // JWS wants the raw r‖s signature, not DER.
    const signature = sign('sha256', Buffer.from(unsigned), { key: this.settings.key, dsaEncoding: 'ieee-p1363' });
    this.providerToken = { value: `${unsigned}.${signature.toString('base64url')}`, madeAt: Date.now() };
    return this.providerToken.value;
  }

  /** The open connection, or a new one once the last closed (Apple ends idle ones). */
  private connection(): http2.ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const session = http2.connect(this.settings.baseUrl, this.connectOptions);
    // A connection error fails the streams on it (each send reports its own); the next send reconnects.
    session.on('error', () => {});
    const forget = () => {
      if (this.session === session) this.session = undefined;
    };
    session.on('close', forget);
    session.on('goaway', forget);
    // An idle connection does not keep the process alive.
    session.unref();
    this.session = session;
    return session;
  }

  private post(
    path: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<{ statusCode: number; body: string }> {
    return new Promise((resolve, reject) => {
      const stream = this.connection().request({
        ':method': 'POST',
        ':path': path,
        'content-type': 'application/json',
        ...headers,
      });
      let statusCode = 0;
      const chunks: Buffer[] = [];
      stream.setTimeout(REQUEST_TIMEOUT_MS, () => stream.close(http2.constants.NGHTTP2_CANCEL));
      stream.on('response', (responseHeaders) => {
        statusCode = Number(responseHeaders[':status']);
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      let answered = false;
      stream.on('end', () => {
        answered = true;
        resolve({ statusCode, body: Buffer.concat(chunks).toString('utf8') });
      });
      stream.on('error', reject);
      // After 'end' or 'error' this changes nothing; otherwise the stream was cut (a timeout, a reset).
      stream.on('close', () => {
        if (!answered) reject(new Error('APNs closed the request without an answer'));
      });
      stream.end(body);
    });
  }
}

/** The APNs payload: the alert, grouped by tag in Notification Center, and the page to open. */
function apnsRequestBody(payload: PushPayload): string {
  return JSON.stringify({
    aps: { alert: { title: payload.title, body: payload.body }, sound: 'default', 'thread-id': payload.tag },
    url: payload.url,
    tag: payload.tag,
  });
}

/** The tag as a collapse id: itself when it fits, else a hash of it (still one per tag). */
function collapseId(tag: string): string {
  return Buffer.byteLength(tag) <= COLLAPSE_ID_BYTES ? tag : createHash('sha256').update(tag).digest('base64url');
}

function parseReason(body: string): string {
  try {
    const reason = (JSON.parse(body) as { reason?: unknown }).reason;
    return typeof reason === 'string' ? reason : '';
  } catch {
    return '';
  }
}
