import { SOURCE_LOCALE } from '@contract/locales';

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** One formatter per locale the page has shown, made when first needed. */
const formatters = new Map<string, Intl.RelativeTimeFormat>();

function formatterFor(locale: string): Intl.RelativeTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * "just now", "5 minutes ago", "yesterday", "3 weeks ago", in the page's language: `locale` is the
 * active one (`i18n.locale` from `useLingui()`), and the browser's Intl words it.
 */
export function formatRelativeTime(iso: string, locale: string, now = Date.now()): string {
  const formatter = formatterFor(locale);
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  // English keeps the spec's "just now" (Intl says "now"); other languages get Intl's own word for it.
  if (Math.abs(seconds) < 45) return locale === SOURCE_LOCALE ? 'just now' : formatter.format(0, 'second');
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return formatter.format(Math.round(seconds / size), unit);
  }
  return formatter.format(Math.round(seconds / 60) || -1, 'minute');
}
