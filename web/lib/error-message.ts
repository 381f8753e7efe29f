import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError } from './api-client';
import { MessageError } from './message-error';

const SOMETHING_WENT_WRONG = msg`Something went wrong`;

/**
 * What to show people for a failed call: the server's `{message}` (already in the reader's
 * language, decision 167), the web's own text for an error it words itself (offline), else the
 * error text, else `fallback` ("Something went wrong"). `i18n` is the one of `useLingui()`.
 */
export function errorMessage(error: unknown, i18n: I18n, fallback?: string): string {
  const otherwise = fallback ?? i18n._(SOMETHING_WENT_WRONG);
  if (error instanceof ApiError) return error.serverMessage || otherwise;
  if (error instanceof MessageError) return i18n._(error.text);
  if (error instanceof Error && error.message) return error.message;
  return otherwise;
}
