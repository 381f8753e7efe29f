import type { ShareTarget } from '@contract/analytics-events';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** One app a share dialog (a Shro's, an invite's) can hand a link to. */
export interface ShareTargetLink {
  target: Extract<ShareTarget, 'whatsapp' | 'telegram' | 'messenger' | 'sms' | 'email' | 'x' | 'facebook'>;
  /** An app's own name as it is, or a word to translate (render it with `i18n._`). */
  label: string | MessageDescriptor;
  href: string;
  /** A web page opened in a small window (a "share window"); otherwise an app link (sms:, mailto:, …). */
  window: boolean;
}

const enc = encodeURIComponent;

/**
 * The share dialogs' targets (issue 13, items 5 and 7; docs/product.md §2 keeps Facebook and Twitter), in
 * the order people on phones reach for them. Each carries the link and a short invitation, never more
 * of the Shro than its title. Messenger has no web share page without a Facebook app id: phones get
 * the Messenger app's own link; `messengerWeb` is for the others (copy the link, open Messenger).
 */
export function shareTargets(link: string, text: string, subject: string, phone: boolean): ShareTargetLink[] {
  const message = `${text} ${link}`;
  return [
    { target: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${enc(message)}`, window: true },
    {
      target: 'telegram',
      label: 'Telegram',
      href: `https://t.me/share/url?url=${enc(link)}&text=${enc(text)}`,
      window: true,
    },
    {
      target: 'messenger',
      label: 'Messenger',
      href: phone ? `fb-messenger://share/?link=${enc(link)}` : messengerWeb,
      window: !phone,
    },
    // `sms:?&body=` is the form both iOS and Android read.
    { target: 'sms', label: msg`SMS`, href: `sms:?&body=${enc(message)}`, window: false },
    {
      target: 'email',
      // The app (a mail), not the address a form asks for.
      label: msg({ message: 'Email', context: 'share target' }),
      href: `mailto:?subject=${enc(subject)}&body=${enc(`${text}\n\n${link}`)}`,
      window: false,
    },
    {
      target: 'x',
      label: 'X (Twitter)',
      href: `https://twitter.com/intent/tweet?text=${enc(text)}&url=${enc(link)}`,
      window: true,
    },
    {
      target: 'facebook',
      label: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${enc(link)}`,
      window: true,
    },
  ];
}

export const messengerWeb = 'https://www.messenger.com/';

/** Opens a share page (WhatsApp, Telegram, …) in a small window of its own. */
export function openShareWindow(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer,width=600,height=520');
}
