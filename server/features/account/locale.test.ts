import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_JSON_NAME } from '../../../contract/account';
import { LOCALE_MESSAGES, LOCALES } from '../../../contract/locales';
import { users } from '../../db/schema/index';
import { translate } from '../../i18n/catalogs';
import { SERVER_MESSAGES } from '../../lib/http-errors';
import { createUser, type SignedInUser, signedIn } from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { readZip } from '../../test/zip';

/** PUT /api/account/locale: the language a signed-in user chose (issue 36), and where it shows. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
});
afterAll(() => ctx.close());

const putLocale = (cookie: string | undefined, request: Partial<InjectOptions> = {}) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/account/locale',
    ...request,
    headers: { ...(cookie ? { cookie } : {}), ...(request.headers as Record<string, string> | undefined) },
  });
const currentUser = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
const storedLocale = async (id: string) =>
  (await ctx.database.db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]!.locale;

/** A user who chose French, with a cached session (read once) that must stay French. */
async function frenchUser(): Promise<SignedInUser> {
  const user = await createUser(ctx);
  expect((await putLocale(user.cookie, { payload: { locale: 'fr' } })).statusCode).toBe(200);
  expect((await currentUser(user.cookie)).json().locale).toBe('fr');
  return user;
}

async function expectStillFrench(user: SignedInUser) {
  expect(await storedLocale(user.id)).toBe('fr');
  expect((await currentUser(user.cookie)).json().locale).toBe('fr');
}

describe('PUT /api/account/locale', () => {
  it('answers 401 {message} to a visitor, whatever the body, and saves nothing', async () => {
    for (const payload of [{ locale: 'fr' }, { locale: 'xx' }, { nope: true }]) {
      const response = await putLocale(undefined, { payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized', code: expect.any(String) });
    }
    const ended = await putLocale('shro_sid=forged', { payload: { locale: 'fr' } });
    expect(ended.statusCode).toBe(401);
  });

  it('starts as null: nothing chosen', async () => {
    const user = await createUser(ctx);
    expect((await currentUser(user.cookie)).json()).toMatchObject({ id: user.id, locale: null });
    expect(await storedLocale(user.id)).toBeNull();
  });

  it('saves each language Shro speaks, answers it, and GET /api/auth/user answers it on the next request', async () => {
    const user = await createUser(ctx);
    // The session is cached from here on: the change must still be seen.
    expect((await currentUser(user.cookie)).json().locale).toBeNull();
    for (const locale of LOCALES) {
      const response = await putLocale(user.cookie, { payload: { locale } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ locale });
      expect(await storedLocale(user.id)).toBe(locale);
      expect((await currentUser(user.cookie)).json().locale).toBe(locale);
    }
  });

  it("is the account's, not the device's: another signed-in device of the user sees it", async () => {
    const user = await createUser(ctx);
    const otherDevice = await signedIn(ctx, user);
    expect((await currentUser(otherDevice)).json().locale).toBeNull();
    expect((await putLocale(user.cookie, { payload: { locale: 'hi' } })).statusCode).toBe(200);
    expect((await currentUser(otherDevice)).json().locale).toBe('hi');
  });

  it("changes the caller's own account only", async () => {
    const user = await frenchUser();
    const other = await createUser(ctx);
    expect((await putLocale(other.cookie, { payload: { locale: 'de' } })).statusCode).toBe(200);
    await expectStillFrench(user);
  });

  it.each([
    ['an unknown language', { payload: { locale: 'xx' } }],
    ['a language Shro does not speak', { payload: { locale: 'it' } }],
    ['another letter case', { payload: { locale: 'PT-br' } }],
    ['a region not spoken', { payload: { locale: 'es-MX' } }],
    ['an empty string', { payload: { locale: '' } }],
    ['a very long string', { payload: { locale: 'en'.repeat(5000) } }],
    ['null', { payload: { locale: null } }],
    ['a number', { payload: { locale: 42 } }],
    ['a boolean', { payload: { locale: true } }],
    ['an array', { payload: { locale: ['en'] } }],
    ['an object', { payload: { locale: { value: 'en' } } }],
    ['no locale field', { payload: {} }],
    ['no body at all', {}],
    ['a JSON null body', { payload: 'null', headers: { 'content-type': 'application/json' } }],
    ['a JSON string body', { payload: '"en"', headers: { 'content-type': 'application/json' } }],
    ['a JSON array body', { payload: '["en"]', headers: { 'content-type': 'application/json' } }],
  ] as [string, Partial<InjectOptions>][])('%s → 400 with the languages, nothing changes', async (_what, request) => {
    const user = await frenchUser();
    const response = await putLocale(user.cookie, request);
    expect(response.statusCode, response.body).toBe(400);
    // Refused in the language the user saved: French.
    expect(response.json()).toEqual({ message: translate('fr', LOCALE_MESSAGES.unknown), code: 'locale.unknown' });
    await expectStillFrench(user);
  });

  it('names an unknown field, even beside a good language, and changes nothing', async () => {
    const user = await frenchUser();
    const response = await putLocale(user.cookie, { payload: { locale: 'de', also: 'this' } });
    expect(response.statusCode).toBe(400);
    // In the language the user saved.
    expect(response.json()).toEqual({
      message: translate('fr', SERVER_MESSAGES.unknownFields, { count: 1, names: '"also"' }),
      code: 'invalid',
    });
    await expectStillFrench(user);
  });

  it('refuses malformed JSON and other content types with a 4xx {message}, changing nothing', async () => {
    const user = await frenchUser();
    for (const [contentType, payload, status] of [
      ['application/json', '{"locale":', 400],
      ['text/plain', JSON.stringify({ locale: 'de' }), 415],
      ['application/x-www-form-urlencoded', 'locale=de', 415],
    ] as const) {
      const response = await putLocale(user.cookie, { payload, headers: { 'content-type': contentType } });
      expect(response.statusCode, contentType).toBe(status);
      expect(Object.keys(response.json())).toEqual(['message', 'code']);
    }
    await expectStillFrench(user);
  });

  it('refuses a cross-site write, as every account write', async () => {
    const user = await frenchUser();
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ] as Record<string, string>[]) {
      const response = await putLocale(user.cookie, { payload: { locale: 'de' }, headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site requests are not allowed', code: expect.any(String) });
    }
    await expectStillFrench(user);
    const sameSite = await putLocale(user.cookie, {
      payload: { locale: 'de' },
      headers: { origin: 'http://localhost:80', host: 'localhost' },
    });
    expect(sameSite.statusCode, sameSite.body).toBe(200);
  });
});

/** The profile in the user's account export. */
async function exportedProfile(cookie: string) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return JSON.parse((await readZip(response.rawPayload)).get(EXPORT_JSON_NAME)!.toString('utf8')).profile;
}

describe('the saved language elsewhere', () => {
  it('is in the account export', async () => {
    const user = await frenchUser();
    expect(await exportedProfile(user.cookie)).toMatchObject({ id: user.id, locale: 'fr' });
  });

  it('is null in the export until chosen', async () => {
    const user = await createUser(ctx);
    expect((await exportedProfile(user.cookie)).locale).toBeNull();
  });

  it('reads as not chosen when it is a language Shro no longer speaks', async () => {
    const user = await createUser(ctx, { locale: 'tlh' });
    const response = await currentUser(user.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().locale).toBeNull();
  });
});
