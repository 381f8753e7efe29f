import type { MessageDescriptor } from '@lingui/core';

/**
 * An error the web words itself (offline, a device that gave no push token): its text is a catalog
 * message, so `errorMessage(error, i18n)` shows it in the reader's language. `message` keeps the
 * English, for logs.
 */
export class MessageError extends Error {
  constructor(
    readonly text: MessageDescriptor,
    options?: ErrorOptions,
  ) {
    super(text.message ?? text.id, options);
    this.name = 'MessageError';
  }
}
