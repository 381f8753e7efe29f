import { ApiError } from './api-client';

/** What to show people for a failed call: the server's `{message}`, else the error text. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
