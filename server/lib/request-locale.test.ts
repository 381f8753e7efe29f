import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../../contract/locales';
import type { UserRow } from '../features/auth/queries';
import { requestLocale } from './request-locale';

/** requestLocale on a bare app: cookies unparsed until asked for, as in the real one (decision 154). */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(cookie, { hook: false });
  app.decorateRequest('user', null);
  app.get('/locale', async (request) => {
    const saved = request.headers['x-saved-locale'];
    if (typeof saved === 'string') request.user = { locale: saved === 'null' ? null : saved } as UserRow;
    return { locale: requestLocale(request) };
  });
  await app.ready();
});
afterAll(() => app.close());

async function localeOf(headers: Record<string, string>): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/locale', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().locale;
}

describe('requestLocale', () => {
  it("takes the signed-in user's saved language over the cookie and the browser's", async () => {
    expect(
      await localeOf({
        'x-saved-locale': 'ja',
        cookie: `other=1; ${LOCALE_COOKIE}=fr`,
        'accept-language': 'de-DE,de;q=0.9',
      }),
    ).toBe('ja');
  });

  it('takes the cookie when nothing is saved, then Accept-Language, then English', async () => {
    const browser = { 'accept-language': 'pt-PT,pt;q=0.9,en;q=0.5' };
    expect(await localeOf({ 'x-saved-locale': 'null', cookie: `${LOCALE_COOKIE}=ar`, ...browser })).toBe('ar');
    expect(await localeOf({ cookie: `${LOCALE_COOKIE}=ar`, ...browser })).toBe('ar');
    expect(await localeOf({ cookie: 'other=1', ...browser })).toBe('pt-BR');
    expect(await localeOf(browser)).toBe('pt-BR');
    expect(await localeOf({})).toBe('en');
  });

  it('passes over a saved or cookie value Shro does not speak', async () => {
    expect(
      await localeOf({ 'x-saved-locale': 'xx', cookie: `${LOCALE_COOKIE}=klingon`, 'accept-language': 'es-MX' }),
    ).toBe('es');
    expect(await localeOf({ cookie: `${LOCALE_COOKIE}=%3Cscript%3E`, 'accept-language': 'zz' })).toBe('en');
  });
});
