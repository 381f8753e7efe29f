import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError } from './api-client';
import { MessageError } from './message-error';

const SOMETHING_WENT_WRONG = msg`Something went wrong`;

/**
 * What to show people for a failed call: the server's `{message}` (already in words for people),
 * the web's own text for an error it words itself (offline) in the reader's language, else the
 * error text, else `fallback` ("Something went wrong"). Pass the `i18n` of `useLingui()`; without
 * it the web's own texts stay English.
 */
export function errorMessage(error: unknown, i18n: I18n, fallback?: string): string;
export function errorMessage(error: unknown, fallback?: string): string;
export function errorMessage(error: unknown, i18nOrFallback?: I18n | string, maybeFallback?: string): string {
  const i18n = typeof i18nOrFallback === 'object' ? i18nOrFallback : undefined;
  const fallback =
    (typeof i18nOrFallback === 'string' ? i18nOrFallback : maybeFallback) ??
    (i18n ? i18n._(SOMETHING_WENT_WRONG) : 'Something went wrong');
  if (error instanceof ApiError) return error.serverMessage || fallback;
  if (error instanceof MessageError) return i18n ? i18n._(error.text) : error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
