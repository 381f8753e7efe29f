/**
 * What a push says, whatever carries it: the text of a Web Push (decoded by web/public/sw.js) and
 * the alert of a native one (decision 164). Never box content.
 */
export interface PushPayload {
  title: string;
  body: string;
  /** Repeats with the same tag replace each other on the device: one per Shro or conversation. */
  tag: string;
  /** The page a click opens (same origin path). */
  url: string;
  icon: string;
}

/** How long a push waits at the push service for an offline device. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** What a native transport made of one send. */
export type NativeSendResult =
  | { outcome: 'sent' }
  /** The service says the token will never work again: forget it. */
  | { outcome: 'unregistered' }
  | { outcome: 'failed'; statusCode?: number; reason: string };

/** A push service for one platform's device tokens (FCM, APNs). */
export interface NativeTransport {
  send(token: string, payload: PushPayload): Promise<NativeSendResult>;
  close(): Promise<void>;
}

/** The base64url of a JSON value: a JWT's header or claims. */
export const base64UrlJson = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
