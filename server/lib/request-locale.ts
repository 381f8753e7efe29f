import type { FastifyRequest } from 'fastify';
import { isLocale, LOCALE_COOKIE, LOCALE_PARAM, type Locale, negotiateLocale } from '../../contract/locales';
import { requestCookies } from '../plugins/auth-session';

/**
 * The language to answer a request in (`negotiateLocale`): a page address's `?lang=` first. Call it after `loadUser`,
 * `requireUser` or `app.resolveUser`: before them a signed-in user's choice is not known.
 */
export function requestLocale(request: FastifyRequest): Locale {
  return negotiateLocale({
    addressed: addressedLocale(request),
    saved: request.user?.locale,
    cookie: requestCookies(request)[LOCALE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
  });
}

/** The language a page's address names (`?lang=es`, decision 168), if it is one Shro speaks. */
export function addressedLocale(request: FastifyRequest): Locale | undefined {
  const asked = (request.query as Record<string, unknown> | undefined)?.[LOCALE_PARAM];
  return isLocale(asked) ? asked : undefined;
}
