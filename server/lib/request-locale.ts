import type { FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, type Locale, negotiateLocale } from '../../contract/locales';
import { requestCookies } from '../plugins/auth-session';

/**
 * The language to answer a request in (`negotiateLocale`). Call it after `loadUser`,
 * `requireUser` or `app.resolveUser`: before them a signed-in user's choice is not known.
 */
export function requestLocale(request: FastifyRequest): Locale {
  return negotiateLocale({
    saved: request.user?.locale,
    cookie: requestCookies(request)[LOCALE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
  });
}
