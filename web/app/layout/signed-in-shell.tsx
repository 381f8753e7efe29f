import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Badge } from '@/components/ui/card';
import { TermsGate } from '@/features/auth/components/terms-gate';
import { renewNativePushToken } from '@/lib/native-push';
import { useArrivalToasts } from './use-arrival-toasts';
import { useTotalUnread } from './use-unread-counts';

/*
 * What only a signed-in user's shell runs, in one chunk a visitor never downloads (decision 094):
 * the phone's unread badge, the arrival toasts (with the notifications and unread count they
 * watch) and the terms gate. It loads once auth says there is a user, or from the start when
 * someone was signed in on this device (early-reads.ts); until then the header looks as it does
 * while auth is checked. One chunk, so the toasts start watching with the badges' first read, and
 * what was already there when the tab opened is not announced. The menus (the desktop nav, the
 * phone menu's items and buttons) are a chunk of their own, loaded from this one: on a desktop
 * with the page, on a phone when the menu is reached for (header.tsx).
 */

/** AppLayout's part: the arrival toasts and the terms gate. Mounted per user, so an account switch starts afresh. */
export default function SignedInShell() {
  useArrivalToasts();
  useEffect(() => {
    void renewNativePushToken();
  }, []);
  return <TermsGate />;
}

/** The signed-in menus: loaded from here, so the modules this chunk holds are not split out of it. */
export const loadSignedInMenus = () => import('./signed-in-menus');

/** Phone: the unread count on the menu button. Issue 13: notifications and messages together, raw (docs/product.md §2). */
export function MobileUnreadBadge() {
  const { total } = useTotalUnread();
  const { t } = useLingui();
  if (total <= 0) return null;
  return (
    <Badge
      className="absolute -right-0.5 -top-0.5"
      aria-label={t`${plural(total, { one: '# unread', other: '# unread' })}`}
    >
      {total}
    </Badge>
  );
}
