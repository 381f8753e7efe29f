import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parsePo } from 'pofile-ts';
import { LOCALES, type Locale, SOURCE_LOCALE } from '../../contract/locales';

/**
 * The server's catalogs (docs/decisions/167-server-texts.md): one PO file per locale beside this
 * module in the sources and beside the bundle in production (scripts/build-server.ts copies them),
 * keyed by the English text. English has none: the code's text is the spec's.
 */
const SERVER_CATALOG_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');

export const serverCatalogPath = (locale: Locale) => path.join(SERVER_CATALOG_DIR, `${locale}.po`);

/** A catalog file's translations by English text; an entry not yet translated is left out. */
function parseServerCatalog(text: string): Map<string, string> {
  const translations = new Map<string, string>();
  for (const item of parsePo(text).items)
    if (item.msgid && item.msgstr[0]) translations.set(item.msgid, item.msgstr[0]);
  return translations;
}

export function readServerCatalog(locale: Locale): Map<string, string> {
  const file = serverCatalogPath(locale);
  return fs.existsSync(file) ? parseServerCatalog(fs.readFileSync(file, 'utf8')) : new Map();
}

let instances: Map<Locale, I18n> | undefined;

function i18nFor(locale: Locale): I18n {
  instances ??= new Map(
    LOCALES.map((each) => {
      const messages =
        each === SOURCE_LOCALE
          ? {}
          : Object.fromEntries([...readServerCatalog(each)].map(([english, text]) => [english, compileMessage(text)]));
      const i18n = setupI18n({ locale: each, messages: { [each]: messages } });
      i18n.setMessagesCompiler(compileMessage);
      return [each, i18n] as const;
    }),
  );
  return instances.get(locale) as I18n;
}

/**
 * `english` (a text of server/i18n/texts.ts, or an ICU message with `values`) in `locale`. A text
 * no catalog knows (a library's own wording) stays English.
 */
export function translate(locale: Locale, english: string, values?: Record<string, unknown>): string {
  const i18n = i18nFor(locale);
  if (!values && !(english in i18n.messages)) return english;
  return i18n._({ id: english, message: english, values });
}

/**
 * A text of server/i18n/texts.ts with its placeholders' values, worded once its reader is known.
 * A value may be a wording itself (a box's default name inside a refusal): worded in the same language.
 */
export interface Wording {
  readonly english: string;
  readonly values?: Readonly<Record<string, WordingValue>>;
}
type WordingValue = string | number | Wording;

export const wording = (english: string, values?: Wording['values']): Wording => ({ english, values });

export function word(locale: Locale, text: Wording): string {
  const values =
    text.values &&
    Object.fromEntries(
      Object.entries(text.values).map(([name, value]) => [
        name,
        typeof value === 'object' ? word(locale, value) : value,
      ]),
    );
  return translate(locale, text.english, values);
}
