import { sign } from 'node:crypto';
import type { FcmSettings } from '../../config';
import {
  base64UrlJson,
  type NativeSendResult,
  type NativeTransport,
  PUSH_TTL_SECONDS,
  type PushPayload,
} from './native-payload';

/** What the service account may do with its access token: send FCM messages, nothing else. */
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** Google's assertions live an hour at most. */
const ASSERTION_SECONDS = 60 * 60;
/** A token is renewed this long before it expires, so none expires on its way. */
const RENEW_EARLY_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

interface AccessToken {
  value: string;
  expiresAt: number;
}

/**
 * FCM HTTP v1 (decision 164): an OAuth2 access token obtained with the service account's signed
 * assertion (RFC 7523), kept until shortly before it expires, and one POST per device token.
 */
export class FcmTransport implements NativeTransport {
  private accessToken: AccessToken | undefined;
  private renewing: Promise<AccessToken> | undefined;

  constructor(private readonly settings: FcmSettings) {}

  async send(token: string, payload: PushPayload): Promise<NativeSendResult> {
    const accessToken = await this.currentAccessToken();
    const url = `${this.settings.baseUrl}/v1/projects/${encodeURIComponent(this.settings.projectId)}/messages:send`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: fcmMessage(token, payload) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.ok) {
      await response.body?.cancel();
      return { outcome: 'sent' };
    }
    const answer = (await response.json().catch(() => null)) as FcmError | null;
    // A token refused (revoked, or expired early): the next send asks for a new one.
    if (response.status === 401) this.accessToken = undefined;
    const errorCode = answer?.error?.details?.find((detail) => detail.errorCode)?.errorCode;
    if (response.status === 404 || errorCode === 'UNREGISTERED') return { outcome: 'unregistered' };
    return {
      outcome: 'failed',
      statusCode: response.status,
      reason: errorCode ?? answer?.error?.status ?? response.statusText,
    };
  }

  async close(): Promise<void> {}

  /** The cached access token, or a new one when it is about to expire (one exchange at a time). */
  private async currentAccessToken(): Promise<string> {
    if (this.accessToken && this.accessToken.expiresAt - RENEW_EARLY_MS > Date.now()) return this.accessToken.value;
    this.renewing ??= this.exchangeAssertion()
      .then((token) => {
        this.accessToken = token;
        return token;
      })
      .finally(() => {
        this.renewing = undefined;
      });
    return (await this.renewing).value;
  }

  private async exchangeAssertion(): Promise<AccessToken> {
    const { clientEmail, privateKey, privateKeyId, tokenUri } = this.settings;
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${base64UrlJson({ alg: 'RS256', typ: 'JWT', ...(privateKeyId ? { kid: privateKeyId } : {}) })}.${base64UrlJson(
      { iss: clientEmail, scope: FCM_SCOPE, aud: tokenUri, iat: now, exp: now + ASSERTION_SECONDS },
    )}`;
    const signature = sign('sha256', Buffer.from(unsigned), privateKey).toString('base64url');
    const response = await fetch(tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${unsigned}.${signature}`,
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!response.ok || typeof answer?.access_token !== 'string') {
      throw new Error(`FCM access token refused (${response.status})`);
    }
    const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : ASSERTION_SECONDS;
    return { value: answer.access_token, expiresAt: Date.now() + seconds * 1000 };
  }
}

interface FcmError {
  error?: { status?: string; details?: { errorCode?: string }[] };
}

/**
 * The FCM message: the alert Android shows, replaced by the next with the same tag, and the page to
 * open as data for the app (FCM data values are strings).
 */
function fcmMessage(token: string, payload: PushPayload) {
  return {
    token,
    notification: { title: payload.title, body: payload.body },
    data: { url: payload.url, tag: payload.tag },
    android: { ttl: `${PUSH_TTL_SECONDS}s`, notification: { tag: payload.tag } },
  };
}
