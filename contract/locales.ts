/**
 * The languages Shro speaks and how a reader's is chosen (docs/decisions/166-languages.md): a
 * signed-in user's saved choice, else a visitor's cookie, else the browser's Accept-Language,
 * else English. No zod here: the entry imports this module.
 */

export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'ja', 'ar', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

/** The spec's own language: its catalog is the spec's texts, word for word. */
export const SOURCE_LOCALE: Locale = 'en';

/** A visitor's choice, kept a year; a signed-in user's choice lives on the account. */
export const LOCALE_COOKIE = 'shro_locale';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The query parameter of a page's address in one language (`/explore?lang=es`, decision 168). */
export const LOCALE_PARAM = 'lang';

/** Each language's name in itself, as a picker shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  de: 'Deutsch',
  ja: '日本語',
  ar: 'العربية',
  hi: 'हिन्दी',
};

export const LOCALE_MESSAGES = {
  unknown: `Choose one of these languages: ${LOCALES.join(', ')}.`,
} as const;

const RIGHT_TO_LEFT = new Set<Locale>(['ar']);
export const directionOf = (locale: Locale): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr');

const byLowerCase = new Map<string, Locale>(LOCALES.map((locale) => [locale.toLowerCase(), locale]));

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The locale a language tag asks for, if Shro speaks it: the tag itself (any letter case), else
 * its language alone (`es-MX` → es, `de-AT` → de), else that language's one regional variant
 * (`pt` and `pt-PT` → pt-BR).
 */
export function localeOfTag(tag: string): Locale | undefined {
  const lower = tag.trim().toLowerCase();
  if (lower === '' || lower === '*') return undefined;
  const exact = byLowerCase.get(lower);
  if (exact) return exact;
  const language = lower.split(/[-_]/)[0] ?? '';
  return byLowerCase.get(language) ?? LOCALES.find((locale) => locale.toLowerCase().startsWith(`${language}-`));
}

/**
 * The best locale an Accept-Language header allows: its tags by quality (ties in the header's
 * order, `q=0` refused), the first that Shro speaks; undefined when none is.
 */
export function localeOfAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
      const quality = q === undefined ? 1 : Number(q);
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((range) => range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) {
    const locale = localeOfTag(range.tag);
    if (locale) return locale;
  }
  return undefined;
}

/**
 * What a reader gets: a page address's own language (`?lang=`, the alternates search engines
 * list, decision 168), else the saved choice, else the cookie's, else the browser's, else English.
 */
export function negotiateLocale(choices: {
  addressed?: unknown;
  saved?: string | null;
  cookie?: string | null;
  acceptLanguage?: string;
}): Locale {
  if (isLocale(choices.addressed)) return choices.addressed;
  if (isLocale(choices.saved)) return choices.saved;
  if (isLocale(choices.cookie)) return choices.cookie;
  return localeOfAcceptLanguage(choices.acceptLanguage) ?? SOURCE_LOCALE;
}
