import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { errorMessage } from '@/lib/error-message';

/**
 * The browser or its push service refused the subscription although the user allowed
 * notifications (Chromium's "Registration failed - permission denied" without a push service,
 * a browser with push turned off, the service unreachable): nothing the user did.
 */
export class PushServiceRefused extends Error {
  constructor(cause: unknown) {
    super('The browser’s push service refused the subscription', { cause });
    this.name = 'PushServiceRefused';
  }
}

/** What the user can do when they blocked notifications themselves; render it with `i18n._`. */
export const PUSH_DENIED_TEXT = msg`Notifications are blocked for Shro in this browser. To get them, allow notifications for this site in your browser’s site settings, then come back here.`;

/** What the user can do when the browser's push service refused. */
const PUSH_REFUSED_TEXT = msg`This browser could not sign up for push notifications: its push service refused or is not reachable. Try again later, or use another browser such as Chrome, Edge, Firefox or Safari. You still see everything in the app.`;

/**
 * The toast for a failed "turn on": what happened and what to do, never the browser's raw error;
 * `i18n` from `useLingui()`.
 */
export function pushFailureToast(i18n: I18n, error: unknown) {
  if (error instanceof PushServiceRefused) {
    return {
      variant: 'destructive' as const,
      title: i18n._(msg`Push is not available in this browser`),
      description: i18n._(PUSH_REFUSED_TEXT),
    };
  }
  // The server's own answers (a 429, the offline message) are written for people already.
  return {
    variant: 'destructive' as const,
    title: i18n._(msg`Could not turn on notifications`),
    description: errorMessage(error, i18n),
  };
}
