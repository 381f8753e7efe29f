import { SOURCE_LOCALE } from '@contract/locales';

/** English keeps the US form the spec shows; other languages get their own (`locale` is `i18n.locale`). */
const dateLocale = (locale: string) => (locale === SOURCE_LOCALE ? 'en-US' : locale);

/** "July 2025", for "Member since". */
export const formatMonthYear = (iso: string, locale: string) =>
  new Date(iso).toLocaleDateString(dateLocale(locale), { month: 'long', year: 'numeric' });

/** "July 4, 2025". */
export const formatLongDate = (iso: string, locale: string) =>
  new Date(iso).toLocaleDateString(dateLocale(locale), { month: 'long', day: 'numeric', year: 'numeric' });

/** "Jul 4, 2025". */
export const formatShortDate = (iso: string, locale: string) =>
  new Date(iso).toLocaleDateString(dateLocale(locale), { month: 'short', day: 'numeric', year: 'numeric' });
