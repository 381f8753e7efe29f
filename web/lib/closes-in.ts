import { type TimeLeft, timeLeft } from '@contract/time-left';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** "closes in 3 h" in the page's language, null once the link has closed or when it never does. */
export function closesInText(i18n: I18n, expiresAt: string | null, now = Date.now()): string | null {
  const left = timeLeft(expiresAt, now);
  return left && i18n._(closesInMessage(left));
}

function closesInMessage({ unit, count }: TimeLeft) {
  switch (unit) {
    case 'under-a-minute':
      return msg`closes in under a minute`;
    case 'min':
      return msg`closes in ${count} min`;
    case 'h':
      return msg`closes in ${count} h`;
    case 'd':
      return msg`closes in ${count} d`;
  }
}

/** "This link closes in 3 h" in the page's language, as one sentence. */
export function linkClosesInText(i18n: I18n, expiresAt: string | null, now = Date.now()): string | null {
  const left = timeLeft(expiresAt, now);
  if (!left) return null;
  const { count } = left;
  switch (left.unit) {
    case 'under-a-minute':
      return i18n._(msg`This link closes in under a minute`);
    case 'min':
      return i18n._(msg`This link closes in ${count} min`);
    case 'h':
      return i18n._(msg`This link closes in ${count} h`);
    case 'd':
      return i18n._(msg`This link closes in ${count} d`);
  }
}
