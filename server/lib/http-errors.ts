/** An error that the error handler turns into `{message}` with this status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const gone = (message: string) => new HttpError(410, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests. Please try again later.') =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export const SERVICE_UNAVAILABLE = 'Service temporarily unavailable';
/** Something the request needs is down (image storage): clients retry; `cause` is logged. */
export const serviceUnavailable = (cause: unknown) => {
  const error = new HttpError(503, SERVICE_UNAVAILABLE, { 'retry-after': '5' });
  error.cause = cause;
  return error;
};
