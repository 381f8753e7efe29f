import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../contract/locales';
import { readServerCatalog } from '../../server/i18n/catalogs';

const catalogs = new Map<string, Map<string, string>>();

/** A PO file's one-line messages: msgid → msgstr (enough for the texts the tests look for). */
function readCatalog(locale: string): Map<string, string> {
  const known = catalogs.get(locale);
  if (known) return known;
  const text = fs.readFileSync(path.resolve('web/locales', `${locale}.po`), 'utf8');
  const messages = new Map<string, string>();
  for (const match of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)) {
    const [, id = '', translation = ''] = match;
    if (id && translation) messages.set(JSON.parse(`"${id}"`), JSON.parse(`"${translation}"`));
  }
  catalogs.set(locale, messages);
  return messages;
}

/** The shipped translation of an English text; fails when the catalog lacks it. */
export function translated(locale: string, english: string): string {
  const text = readCatalog(locale).get(english);
  if (!text) throw new Error(`web/locales/${locale}.po does not translate ${JSON.stringify(english)}`);
  return text;
}

/** The server's translation of one of its texts (server/i18n/locales, decision 167). */
export function serverTranslated(locale: Locale, english: string): string {
  const text = readServerCatalog(locale).get(english);
  if (!text) throw new Error(`server/i18n/locales/${locale}.po does not translate ${JSON.stringify(english)}`);
  return text;
}
