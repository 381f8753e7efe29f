/**
 * Keeps the server's catalogs (server/i18n/locales/*.po) in step with server/i18n/texts.ts
 * (docs/decisions/167-server-texts.md): a new text is added untranslated, a dropped one removed,
 * translations kept. `--check` writes nothing and fails on a catalog out of step or a text not
 * yet translated, as `lingui check` does for the web's catalogs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createItem, createPoFile, parsePo, stringifyPo } from 'pofile-ts';
import { LOCALES, SOURCE_LOCALE } from '../contract/locales';
import { readServerCatalog, serverCatalogPath } from '../server/i18n/catalogs';
import { serverTexts } from '../server/i18n/texts';

const check = process.argv.includes('--check');
const texts = [...serverTexts()].sort(([a], [b]) => a.localeCompare(b, 'en'));
const problems: string[] = [];

for (const locale of LOCALES.filter((each) => each !== SOURCE_LOCALE)) {
  const file = serverCatalogPath(locale);
  const kept = readServerCatalog(locale);
  const po = createPoFile();
  po.headers = { 'MIME-Version': '1.0', 'Content-Type': 'text/plain; charset=utf-8', Language: locale };
  po.headerOrder = ['MIME-Version', 'Content-Type', 'Language'];
  po.items = texts.map(([english, code]) => {
    const item = createItem();
    item.msgid = english;
    item.msgstr = [kept.get(english) ?? ''];
    item.extractedComments = [code];
    return item;
  });
  const written = stringifyPo(po);
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const untranslated = texts.filter(([english]) => !kept.has(english)).map(([, code]) => code);
  if (check) {
    if (written !== current)
      problems.push(`${path.relative(process.cwd(), file)} is out of step with server/i18n/texts.ts`);
    if (untranslated.length > 0)
      problems.push(`${path.relative(process.cwd(), file)} lacks ${untranslated.join(', ')}`);
  } else if (written !== current) {
    fs.writeFileSync(file, written);
    console.log(`${path.relative(process.cwd(), file)}: ${texts.length} texts, ${untranslated.length} to translate`);
  }
  // The parser reads back what was written: a malformed entry fails here, not in production.
  parsePo(written);
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
