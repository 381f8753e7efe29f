import type { FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, type Locale, negotiateLocale } from '../../contract/locales';

/** The language this request is answered in (decision 166). */
export const requestLocale = (request: FastifyRequest): Locale =>
  negotiateLocale({ cookie: request.cookies[LOCALE_COOKIE], acceptLanguage: request.headers['accept-language'] });
