import { SOURCE_LOCALE } from '@contract/locales';

/** One formatter per locale and wording the page has shown, made when first needed. */
const formatters = new Map<string, Intl.RelativeTimeFormat>();

function formatterFor(locale: string, numeric: 'auto' | 'always'): Intl.RelativeTimeFormat {
  const key = `${locale} ${numeric}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locale, { style: 'short', numeric });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * docs/product.md §2: an explore card's age as "Nm ago", "Nh ago" or "Nd ago"; under a minute
 * "just now", never "0m ago". `locale` is the active one (`i18n.locale` from `useLingui()`): other
 * languages get the browser's short words for it ("hace 5 min", "vor 3 Std.").
 */
export function formatAge(iso: string, locale: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (locale === SOURCE_LOCALE) {
    if (minutes < 1) return 'just now';
    if (minutes < 60) return `${minutes}m ago`;
    if (hours < 24) return `${hours}h ago`;
    return `${days}d ago`;
  }
  if (minutes < 1) return formatterFor(locale, 'auto').format(0, 'second');
  // Counted like the English ("3 days ago", never "the day before yesterday").
  const formatter = formatterFor(locale, 'always');
  if (minutes < 60) return formatter.format(-minutes, 'minute');
  if (hours < 24) return formatter.format(-hours, 'hour');
  return formatter.format(-days, 'day');
}
