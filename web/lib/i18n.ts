import {
  directionOf,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALE_PARAM,
  type Locale,
  SOURCE_LOCALE,
} from '@contract/locales';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/** A catalog the page can show: the shipped locales, and the tests' pseudo-locale. */
export type CatalogLocale = Locale | 'pseudo';

/**
 * Each locale's catalog is a chunk of its own, so a phone downloads only its language's
 * (docs/decisions/166-languages.md); the server preloads the page's beside the entry. English is
 * in the code itself, beside each message's id.
 */
const catalogs: Record<CatalogLocale, () => Promise<{ messages: Messages }>> = {
  en: async () => ({ messages: {} }),
  es: () => import('../locales/es.po'),
  'pt-BR': () => import('../locales/pt-BR.po'),
  fr: () => import('../locales/fr.po'),
  de: () => import('../locales/de.po'),
  ja: () => import('../locales/ja.po'),
  ar: () => import('../locales/ar.po'),
  hi: () => import('../locales/hi.po'),
  pseudo: () => import('../locales/pseudo.po'),
};

/**
 * The server's catalogs (decision 167), by English text: the `contract/` texts the web shows
 * before asking the server (a form's refusal) are translated there, once. Loaded with the web's.
 */
const serverCatalogs = import.meta.glob<Messages>('../../server/i18n/locales/*.po', {
  query: '?server-texts',
  import: 'default',
});
const serverTextsOf = (locale: CatalogLocale): Promise<Messages> =>
  serverCatalogs[`../../server/i18n/locales/${locale}.po`]?.() ?? Promise.resolve({});

const isCatalogLocale = (value: string): value is CatalogLocale => value === 'pseudo' || isLocale(value);

/** The locale the server chose for this page, written on `<html lang>`. */
export function pageLocale(): CatalogLocale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isCatalogLocale(lang) ? lang : SOURCE_LOCALE;
}

/**
 * The app's one i18n instance, handed to components through the provider. English has no catalog
 * (decision 166): its messages are compiled from the English kept in the code when first shown,
 * placeholders and plurals included, which a production build does only with a compiler set.
 */
export const i18n: I18n = setupI18n();
i18n.setMessagesCompiler(compileMessage);

/** Loads a locale's catalogs and makes it the page's language: texts, `lang` and direction. */
export async function activateLocale(locale: CatalogLocale): Promise<void> {
  const [{ messages }, serverTexts] = await Promise.all([catalogs[locale](), serverTextsOf(locale)]);
  i18n.loadAndActivate({ locale, messages: { ...serverTexts, ...messages } });
  const root = document.documentElement;
  root.lang = locale;
  root.dir = locale === 'pseudo' ? 'ltr' : directionOf(locale);
}

/**
 * A reader's choice, kept in the cookie the server reads for the next page; an address naming
 * another language (`?lang=`, decision 168) stops naming it, so a reload keeps the choice.
 */
export function rememberVisitorLocale(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser.
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax`;
  const url = new URL(window.location.href);
  if (url.searchParams.has(LOCALE_PARAM)) {
    url.searchParams.delete(LOCALE_PARAM);
    window.history.replaceState(window.history.state, '', url);
  }
}
