import { msg } from '@lingui/core/macro';
import { MessageError } from './message-error';

/** A failed call. `message` follows the spec: "status: body" (or the status text when the body is empty). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{message}`, for showing to people (in their language); falls back to the raw text. */
  get serverMessage(): string {
    const { message } = this.body();
    return typeof message === 'string' ? message : this.bodyText || this.message;
  }

  /** The refusal's stable `code` (`invite.invalid`), for deciding what to do without reading words (decision 167). */
  get code(): string | undefined {
    const { code } = this.body();
    return typeof code === 'string' ? code : undefined;
  }

  private body(): { message?: unknown; code?: unknown } {
    try {
      const parsed = JSON.parse(this.bodyText) as unknown;
      return typeof parsed === 'object' && parsed !== null ? parsed : {};
    } catch {
      return {};
    }
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, text, response.statusText);
}

let browserTimeZone: string | undefined;

type WithTemporal = { Temporal?: { Now?: { timeZoneId?: () => string } } };

/**
 * The browser's IANA time zone, empty when it cannot tell; read once. `Temporal.Now` answers at
 * once. `Intl`, where there is no Temporal, does not: its first use in a tab loads the browser's
 * locale data, which on a slow core held back a repeat visit's boxes (decision 149). With
 * `cheapOnly`, no Intl: undefined until the zone is known.
 */
function readTimeZone(cheapOnly: boolean): string | undefined {
  if (browserTimeZone !== undefined) return browserTimeZone;
  try {
    const temporal = (globalThis as WithTemporal).Temporal?.Now?.timeZoneId;
    if (temporal) browserTimeZone = temporal();
    else if (!cheapOnly) browserTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    browserTimeZone = '';
  }
  return browserTimeZone;
}

/** The browser's IANA time zone as calls send it (empty when it cannot tell), for showing it. */
export const shownTimeZone = (): string => readTimeZone(false) ?? '';

/** After the first render (main.tsx): the zone is read in an idle moment once the page has shown. */
export function readTimeZoneWhenIdle(): void {
  const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback : (run: () => void) => setTimeout(run);
  setTimeout(() => idle(() => readTimeZone(false)), 1000);
}

/**
 * The browser's IANA time zone as the `x-time-zone` header: the server counts streak days in the
 * user's own calendar, and stores the zone any call brings (server/plugins/time-zone.ts). A write
 * always sends it. A read sends it when it is known without Intl's first cost (see readTimeZone),
 * so a page's first reads never wait for that, and a later call brings the zone. Empty when the
 * browser cannot tell.
 */
export function timeZoneHeader(method = 'GET'): Record<string, string> {
  const zone = readTimeZone(method === 'GET' || method === 'HEAD');
  return zone ? { 'x-time-zone': zone } : {};
}

/** Shown when a write could not reach the server: nothing was saved, so the user must know. */
const OFFLINE_WRITE_MESSAGE = msg`You're offline, so this was not saved. Check your connection and try again.`;
const OFFLINE_READ_MESSAGE = msg`You're offline. Check your connection and try again.`;

/**
 * A call that never reached the server (no connection, DNS, reset): not an answer from it. Its
 * text is a catalog message (`errorMessage(error, i18n)` words it).
 */
export class NetworkError extends MessageError {
  constructor(readonly isWrite: boolean) {
    super(isWrite ? OFFLINE_WRITE_MESSAGE : OFFLINE_READ_MESSAGE);
    this.name = 'NetworkError';
  }
}

/** Every call sends credentials; JSON bodies are sent as JSON, FormData as multipart. */
export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: {
        ...timeZoneHeader(method),
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (error) {
    // fetch rejects with a TypeError only when the request never got an answer.
    if (error instanceof TypeError) throw new NetworkError(method !== 'GET' && method !== 'HEAD');
    throw error;
  }
  await throwIfNotOk(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);

/** GET that turns a 401 into null instead of an error (signed-out state). */
export async function apiGetOrNullOn401<T>(url: string): Promise<T | null> {
  try {
    return await apiGet<T>(url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
