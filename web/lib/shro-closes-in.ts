import { PRODUCT_NAME } from '@contract/product';
import { timeLeft } from '@contract/time-left';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/*
 * Apart from web/lib/closes-in.ts: only a member's view of a Shro says this, so its texts stay out
 * of the catalog part a visitor's first load carries (decision 169).
 */
/** "This Shro closes in 3 h": the deadline of a private or public Shro (issue 40), as one sentence. */
export function shroClosesInText(i18n: I18n, expiresAt: string | null, now = Date.now()): string | null {
  const left = timeLeft(expiresAt, now);
  if (!left) return null;
  const { count } = left;
  switch (left.unit) {
    case 'under-a-minute':
      return i18n._(msg`This ${PRODUCT_NAME} closes in under a minute`);
    case 'min':
      return i18n._(msg`This ${PRODUCT_NAME} closes in ${count} min`);
    case 'h':
      return i18n._(msg`This ${PRODUCT_NAME} closes in ${count} h`);
    case 'd':
      return i18n._(msg`This ${PRODUCT_NAME} closes in ${count} d`);
  }
}
