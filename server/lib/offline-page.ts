import { directionOf, type Locale } from '../../contract/locales';
import { translate } from '../i18n/catalogs';
import { escapeHtml } from './escape-xml';

/**
 * The offline page's sentences (web/public/offline.html, in English as the spec words them),
 * worded in the reader's language when the service worker keeps the page (decision 167).
 */
export const OFFLINE_PAGE_TEXTS = {
  title: 'Offline - Shro',
  heading: "You're offline",
  explanation:
    "This page hasn't been opened on this device before, and it needs a connection to load. It loads by itself when you're back online.",
  retry: 'Try again',
  home: 'Go to the home page',
} as const;

/**
 * The page in `locale`: each English sentence of the template (written escaped, as HTML) in its
 * translation, and `lang` and `dir` on its root. A sentence the template lacks is an error, so the
 * two cannot drift apart.
 */
export function offlinePageIn(template: string, locale: Locale): string {
  let html = template.replace(/<html lang="en"/, () => `<html lang="${locale}" dir="${directionOf(locale)}"`);
  for (const english of Object.values(OFFLINE_PAGE_TEXTS)) {
    const element = `>${escapeHtml(english)}<`;
    if (!html.includes(element)) throw new Error(`offline.html does not hold "${english}"`);
    html = html.replace(element, () => `>${escapeHtml(translate(locale, english))}<`);
  }
  return html;
}
