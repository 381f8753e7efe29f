import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_INVALID_CODE, INVITE_MESSAGES } from '../../contract/invites';
import { LOCALE_COOKIE, LOCALES } from '../../contract/locales';
import { SHRO_MESSAGES } from '../../contract/shros';
import { achievements } from '../db/schema/index';
import { ACHIEVEMENT_TEXTS } from '../features/achievements/texts';
import { NOTIFICATION_TEXTS } from '../features/notifications/texts';
import { SERVER_MESSAGES } from '../lib/http-errors';
import { createUser } from '../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../test/test-app';
import { readServerCatalog, translate } from './catalogs';
import { SERVER_TEXTS, serverTexts } from './texts';

/** Issue 36 item 5: the server's refusals in the request's language, each with a stable code. */

describe('server texts', () => {
  it('come out of the English path exactly as the code words them', () => {
    for (const english of serverTexts().keys()) expect(translate('en', english)).toBe(english);
  });

  it('with placeholders filled, come out in English exactly as the placeholders say (quotes and apostrophes kept)', () => {
    const simple = [...serverTexts().keys()].filter((text) => /\{\w+\}/.test(text) && !/, (plural|select),/.test(text));
    expect(simple.length).toBeGreaterThan(10);
    for (const english of simple) {
      const values = Object.fromEntries([...english.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, `<${name}>`]));
      expect(translate('en', english, values)).toBe(english.replace(/\{(\w+)\}/g, '<$1>'));
    }
  });

  it('have one code per text, named after the table that owns it', () => {
    const codes = [...serverTexts().values()];
    expect(new Set(codes).size).toBe(codes.length);
    expect(serverTexts().get(SHRO_MESSAGES.notFound)).toBe('shro.notFound');
    // The codes the web decides by.
    expect(serverTexts().get(INVITE_MESSAGES.invalid)).toBe(INVITE_INVALID_CODE);
    expect(Object.keys(SERVER_TEXTS)).toContain('server');
  });

  it('are translated in every other language, keeping numbers and the brand', () => {
    for (const locale of LOCALES.filter((each) => each !== 'en')) {
      const catalog = readServerCatalog(locale);
      const translated = translate(locale, SHRO_MESSAGES.tooManyRecipients);
      expect(translated).not.toBe(SHRO_MESSAGES.tooManyRecipients);
      expect(translated).toBe(catalog.get(SHRO_MESSAGES.tooManyRecipients));
      expect(translated).toContain('50');
    }
  });
});

describe('counts in notifications', () => {
  const opened = (locale: 'en' | 'ar', others: number) =>
    translate(locale, NOTIFICATION_TEXTS.boxesOpened, { username: 'ana', title: 'Pizza', others });

  it("keep the spec's English forms", () => {
    expect(opened('en', 1)).toBe('@ana and 1 other opened a box in "Pizza"');
    expect(opened('en', 5)).toBe('@ana and 5 others opened a box in "Pizza"');
  });

  it("use Arabic's six plural forms for 0, 1, 2, 3, 11 and 100", () => {
    const forms = [0, 1, 2, 3, 11, 100].map((n) => opened('ar', n));
    expect(new Set(forms).size).toBe(6);
    for (const form of forms) expect(form).toContain('@ana');
  });
});

describe('error answers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(withoutWriteLimits);
  });
  afterAll(() => ctx.close());

  const missingShro = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/sessions/00000000-0000-4000-8000-000000000000', headers });
  const inLocale = (locale: 'fr' | 'ar' | 'ja', english: string) => readServerCatalog(locale).get(english);

  it('answer in the language Accept-Language asks for, with the code of the refusal', async () => {
    const response = await missingShro({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: inLocale('fr', SHRO_MESSAGES.notFound), code: 'shro.notFound' });
  });

  it("answer in a visitor's chosen language (the cookie) over the browser's", async () => {
    const response = await missingShro({ cookie: `${LOCALE_COOKIE}=ar`, 'accept-language': 'fr' });
    expect(response.json()).toEqual({ message: inLocale('ar', SHRO_MESSAGES.notFound), code: 'shro.notFound' });
  });

  it("answer in a signed-in user's saved language over the cookie and the browser's", async () => {
    const user = await createUser(ctx, { locale: 'ja' });
    const response = await missingShro({ cookie: `${user.cookie}; ${LOCALE_COOKIE}=ar`, 'accept-language': 'fr' });
    expect(response.json()).toEqual({ message: inLocale('ja', SHRO_MESSAGES.notFound), code: 'shro.notFound' });
  });

  it("word a form's refusal in French and Arabic, and keep English for an English reader", async () => {
    const user = await createUser(ctx);
    const create = (language: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { cookie: user.cookie, 'accept-language': language },
        payload: { title: '', type: 'text', options: [{ content: 'a' }, { content: 'b' }], isShareable: true },
      });
    for (const [language, expected] of [
      ['fr', inLocale('fr', SHRO_MESSAGES.titleRequired)],
      ['ar', inLocale('ar', SHRO_MESSAGES.titleRequired)],
      ['en-US', SHRO_MESSAGES.titleRequired],
    ] as const) {
      const response = await create(language);
      expect([response.statusCode, response.json()]).toEqual([400, { message: expected, code: 'shro.titleRequired' }]);
    }
  });

  it("list the achievement catalogue as it is seeded, and serve it in the reader's language", async () => {
    const seeded = await ctx.database.db
      .select({ id: achievements.id, name: achievements.name, description: achievements.description })
      .from(achievements);
    expect(Object.fromEntries(seeded.map(({ id, ...texts }) => [id, texts]))).toEqual(ACHIEVEMENT_TEXTS);

    const user = await createUser(ctx);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/achievements',
      headers: { cookie: user.cookie, 'accept-language': 'de' },
    });
    const first = (list.json() as { id: string; achievement: { name: string; description: string } }[]).find(
      (entry) => entry.id === 'first-shro',
    )!;
    expect(first.achievement).toMatchObject({
      name: translate('de', ACHIEVEMENT_TEXTS['first-shro']!.name),
      description: translate('de', ACHIEVEMENT_TEXTS['first-shro']!.description),
    });
    expect(first.achievement.description).not.toBe(ACHIEVEMENT_TEXTS['first-shro']!.description);
  });

  it("word stray fields and a validation library's own refusal in the reader's language, English as before", async () => {
    const user = await createUser(ctx);
    const putLocale = (language: string, payload: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/account/locale',
        headers: { cookie: user.cookie, 'accept-language': language },
        payload: payload as Record<string, unknown>,
      });
    const stray = { locale: 'en', color: 'red', size: 2 };
    expect((await putLocale('en', stray)).json()).toEqual({
      message: 'Unknown fields "color", "size".',
      code: 'invalid',
    });
    expect((await putLocale('fr', stray)).json()).toEqual({
      message: translate('fr', SERVER_MESSAGES.unknownFields, { count: 2, names: '"color", "size"' }),
      code: 'invalid',
    });
    expect(translate('ar', SERVER_MESSAGES.unknownFields, { count: 1, names: '"color"' })).toContain('"color"');

    // A sentence zod words itself has no translation: another language names the field instead.
    const wrongType = { locale: 5 };
    const english = (await putLocale('en', wrongType)).json() as { message: string; code: string };
    const french = (await putLocale('fr', wrongType)).json() as { message: string; code: string };
    expect(english.code).toBe(french.code);
    expect(french.message).toBe(
      serverTexts().has(english.message)
        ? translate('fr', english.message)
        : translate('fr', SERVER_MESSAGES.invalidField, { field: 'locale' }),
    );
    expect(french.message).not.toBe(english.message);
  });

  it('name the kind of refusal when no text of ours words it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect([response.statusCode, response.json().code]).toEqual([404, 'not_found']);
  });
});
