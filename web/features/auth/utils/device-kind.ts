import { ANDROID_TABLET, deviceSummaryParts } from '@contract/device-summary';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Monitor, Smartphone, Tablet } from 'lucide-react';

/** What kind of device a signed-in device's summary ("Chrome on Android", "Safari on iPad") names. */
export type DeviceKind = 'phone' | 'tablet' | 'computer';

/**
 * From the server's summary of the User-Agent (server/features/auth/user-agent.ts): an iPad or an
 * Android tablet is a tablet; an iPhone or an Android phone (or an "iOS" stored before the summary
 * named the device) is a phone; anything else, unknown included, a computer.
 */
export function deviceKind(summary: string | null): DeviceKind {
  if (!summary) return 'computer';
  if (/\b(?:iPad|Android tablet)\b/.test(summary)) return 'tablet';
  if (/\b(?:iPhone|iOS|Android)\b/.test(summary)) return 'phone';
  return 'computer';
}

export const deviceIcons = { phone: Smartphone, tablet: Tablet, computer: Monitor } as const;

/** A system's name in the page's language: only the tablet's is a phrase, the others are names. */
const systemName = (system: string, i18n: I18n) => (system === ANDROID_TABLET ? i18n._(msg`Android tablet`) : system);

/** The server's summary ("Chrome on Android") in the page's language. */
export function deviceName(summary: string, i18n: I18n): string {
  const parts = deviceSummaryParts(summary);
  if (!parts) return systemName(summary, i18n);
  const { browser } = parts;
  const system = systemName(parts.system, i18n);
  return i18n._(msg`${browser} on ${system}`);
}
