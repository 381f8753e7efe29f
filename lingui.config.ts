import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { LOCALES, SOURCE_LOCALE } from './contract/locales';

/**
 * The web's catalogs (docs/decisions/166-languages.md): one PO file per locale, the English one
 * holding the spec's texts. `pseudo` is for tests only: every message accented and longer, so a
 * text left out of the catalogs shows as plain English and a layout that cannot grow shows.
 */
export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALES, 'pseudo'],
  pseudoLocale: { locale: 'pseudo', extend: 0.35 },
  fallbackLocales: { default: SOURCE_LOCALE },
  catalogs: [{ path: '<rootDir>/web/locales/{locale}', include: ['<rootDir>/web'], exclude: ['**/*.test.*'] }],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
