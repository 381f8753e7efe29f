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

/** A catalog the page can show: the shipped locales, and the tests' pseudo-locale. */
export type CatalogLocale = Locale | 'pseudo';

/**
 * Each locale's catalog in two chunks of its own, compiled at build time (docs/decisions/
 * 169-catalog-parts.md): the first holds what a first visit shows and the `contract/` texts the
 * web words (decision 167), and the server preloads it beside the entry; the rest loads when a
 * module that needs it does. A phone downloads only its own language's.
 */
const firstParts = import.meta.glob<Messages>('../locales/*.po', { query: '?part=first', import: 'messages' });
const restParts = import.meta.glob<Messages>('../locales/*.po', { query: '?part=rest', import: 'messages' });
const partOf = (parts: typeof firstParts, locale: CatalogLocale) => parts[`../locales/${locale}.po`]!();

const isCatalogLocale = (value: string): value is CatalogLocale => value === 'pseudo' || isLocale(value);

/** The locale the server chose for this page, written on `<html lang>`. */
export function pageLocale(): CatalogLocale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isCatalogLocale(lang) ? lang : SOURCE_LOCALE;
}

/**
 * The app's one i18n instance, handed to components through the provider. Catalogs come compiled;
 * a text that is not in them (the server's message, already in the reader's language) is shown
 * as it is, never parsed.
 */
export const i18n: I18n = setupI18n();
i18n.setMessagesCompiler((text) => [text]);

/** Whether a module has needed the rest of the catalog: a language switch then loads both parts. */
let restWanted = false;

/** The page's first language, set: a module loaded beside the catalog (a prefetch) waits for it. */
let markActivated: () => void = () => {};
const activated = new Promise<void>((resolve) => {
  markActivated = resolve;
});

/** Loads a locale's catalog and makes it the page's language: texts, `lang` and direction. */
export async function activateLocale(locale: CatalogLocale): Promise<void> {
  const [first, rest] = await Promise.all([partOf(firstParts, locale), restWanted ? partOf(restParts, locale) : null]);
  // A module may have asked for the rest while the first part loaded.
  const messages = { ...first, ...(rest ?? (restWanted ? await partOf(restParts, locale) : {})) };
  i18n.loadAndActivate({ locale, messages });
  markActivated();
  const root = document.documentElement;
  root.lang = locale;
  root.dir = locale === 'pseudo' ? 'ltr' : directionOf(locale);
}

/**
 * The rest of the active language's catalog, which every module whose texts are not in the first
 * part awaits before it runs (added by scripts/catalog-parts.ts).
 * @public
 */
export async function loadRestOfCatalog(): Promise<void> {
  restWanted = true;
  await activated;
  const locale = i18n.locale as CatalogLocale;
  const messages = await partOf(restParts, locale);
  if (i18n.locale === locale) i18n.load(locale, messages);
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
