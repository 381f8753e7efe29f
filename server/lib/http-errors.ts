import type { Wording } from '../i18n/catalogs';

/**
 * The server's own refusals (contract/ words the rest); translated like every server text
 * (server/i18n/texts.ts).
 */
export const SERVER_MESSAGES = {
  notSignedIn: 'Not signed in',
  unauthorized: 'Unauthorized',
  notAllowed: 'You are not allowed to do that',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests. Please try again later.',
  unavailable: 'Service temporarily unavailable',
  databaseUnreachable: 'Database unreachable',
  internal: 'Something went wrong. Please try again.',
  invalidInput: 'Invalid input',
  /** For a reader of another language, in place of a validation library's English sentence. */
  invalidField: 'The value of "{field}" is not valid.',
  /** The stray fields of a strict body, as contract/validation.ts issueMessage words them in English. */
  unknownFields: '{count, plural, one {Unknown field {names}.} other {Unknown fields {names}.}}',
  badRequest: 'Bad request',
  nullCharacters: 'Text must not contain null characters',
  crossSite: 'Cross-site requests are not allowed',
  addressTooLong: 'The address is too long',
  addressInvalid: 'The address is not valid',
  headersTooLarge: 'The request headers or address are too large',
  requestTimeout: 'The request took too long',
  requestUnreadable: 'The request could not be read',
  unsupportedContentType: 'Unsupported content type',
  bodyTooLarge: 'Request body is too large',
  bodyEmpty: 'Request body is empty',
  bodyNotJson: 'Request body is not valid JSON',
  tooManyFiles: 'The form has too many files.',
  tooManyFields: 'The form has too many fields.',
  searchTooShort: 'Type at least 3 characters to search',
  posterNotFound: 'Poster not found',
  imageNotFound: 'Image not found',
  accountNotFound: 'Account not found',
  sessionNotFound: 'Session not found',
  tooManyLiveChannels: 'Too many open live channels',
} as const;

/** An error that the error handler turns into `{message, code}` with this status. */
export class HttpError extends Error {
  /**
   * `message` is a text of server/i18n/texts.ts (its code names the refusal); `wording`, when
   * given, is what people read instead (the text inside a larger sentence).
   */
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly wording?: Wording,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = SERVER_MESSAGES.notSignedIn) => new HttpError(401, message);
export const forbidden = (message: string = SERVER_MESSAGES.notAllowed) => new HttpError(403, message);
export const notFound = (message: string = SERVER_MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const gone = (message: string) => new HttpError(410, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (retryAfterSeconds: number, message: string = SERVER_MESSAGES.tooManyRequests) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Something the request needs is down (image storage): clients retry; `cause` is logged. */
export const serviceUnavailable = (cause: unknown) => {
  const error = new HttpError(503, SERVER_MESSAGES.unavailable, { 'retry-after': '5' });
  error.cause = cause;
  return error;
};
