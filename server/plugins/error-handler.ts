import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { SOURCE_LOCALE } from '../../contract/locales';
import { issueMessage, notFoundWhenInvalid, strayFieldNames } from '../../contract/validation';
import { type Wording, word, wording } from '../i18n/catalogs';
import { serverTexts } from '../i18n/texts';
import { pgErrorCode } from '../lib/db-errors';
import { HttpError, SERVER_MESSAGES } from '../lib/http-errors';
import { requestLocale } from '../lib/request-locale';

const codes = serverTexts();

/** What a text's own code does not name: the kind of refusal, by status. */
const STATUS_CODES: Record<number, string> = {
  400: 'invalid',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  408: 'timeout',
  409: 'conflict',
  410: 'gone',
  413: 'too_large',
  414: 'too_long',
  415: 'unsupported_type',
  429: 'rate_limited',
  431: 'headers_too_large',
  500: 'internal',
  503: 'unavailable',
};

/**
 * An error answer: `message` in the request's language and a stable `code` that clients match on
 * instead of the words (docs/decisions/167-server-texts.md).
 */
export function errorBody(request: FastifyRequest | undefined, status: number, english: string, shown?: Wording) {
  const locale = request ? requestLocale(request) : SOURCE_LOCALE;
  return {
    message: word(locale, shown ?? wording(english)),
    code: codes.get(english) ?? STATUS_CODES[status] ?? 'error',
  };
}

/** One place turns every error into `{message, code}`: typed HTTP errors, Fastify's own 4xx, or a logged 500. */
async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    const answer = (status: number, english: string, shown?: Wording) =>
      reply.status(status).send(errorBody(request, status, english, shown));
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.warn({ err: error.cause }, error.message);
      reply.headers(error.headers);
      return answer(error.statusCode, error.message, error.wording);
    }
    // A route schema refused the input: the first issue's message, as the contract words it.
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Only zod schemas are compiled into zod validation errors.
      const paramsSchema = request.routeOptions.schema?.params as z.ZodType | undefined;
      const notFound =
        error.validationContext === 'params' && paramsSchema ? notFoundWhenInvalid.get(paramsSchema) : undefined;
      if (notFound) return answer(404, notFound.message);
      return answer(400, ...validationAnswer(error.validation[0], requestLocale(request) === SOURCE_LOCALE));
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return answer(status, clientMessage(error as FastifyError));
    }
    if (status === 503) return answer(503, SERVER_MESSAGES.unavailable);
    // The database or its connection is down or restarting: fail fast and say so, so clients retry.
    if (isConnectionError(error)) {
      request.log.warn({ code: errorCode(error) }, 'database unavailable');
      reply.header('retry-after', '5');
      return answer(503, SERVER_MESSAGES.unavailable);
    }
    // Bad input that only the database noticed (a NUL character in text): the client's fault.
    const sqlState = pgErrorCode(error);
    if (sqlState === '22021' || sqlState === '22P05') {
      return answer(400, SERVER_MESSAGES.nullCharacters);
    }
    request.log.error({ err: withoutQueryParams(error) }, 'unhandled error');
    return answer(500, SERVER_MESSAGES.internal);
  });
}

/**
 * Errors the router raises before any route or hook runs (a malformed URL, a path parameter over
 * the length limit). Passed to Fastify as `frameworkErrors`, so they answer `{message}` too.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No hook runs for these: the security headers are put on here.
  reply.headers(reply.server.securityHeaders ?? {}).header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send(errorBody(request, 414, SERVER_MESSAGES.addressTooLong));
  }
  return reply.status(400).send(errorBody(request, 400, SERVER_MESSAGES.addressInvalid));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over 16 KB, a malformed
 * request line, a timeout). Passed as `clientErrorHandler`: the same `{message}` shape as the rest.
 */
export function clientErrorHandler(this: FastifyInstance | undefined, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // No request was read: its language is not known, so this answer is English.
  const [status, text, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', SERVER_MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', SERVER_MESSAGES.requestTimeout]
        : [400, 'Bad Request', SERVER_MESSAGES.requestUnreadable];
  const body = JSON.stringify(errorBody(undefined, status, message));
  // Fastify calls this bound to the app: the data set of security headers, as every JSON answer (decision 141).
  const headers = { ...this?.securityHeaders, 'cache-control': 'no-store' };
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n${headerLines}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Fastify's copy of a zod issue (fastify-type-provider-zod) turned back into the contract's sentence,
 * with its wording in the reader's language: the stray fields of a strict body by name; a sentence
 * of zod's own (not a text of server/i18n/texts.ts), which has no translation, as one naming the
 * field for a reader of another language.
 */
function validationAnswer(entry: ZodFastifySchemaValidationError | undefined, inEnglish: boolean): [string, Wording?] {
  if (!entry) return [SERVER_MESSAGES.invalidInput];
  const keys = entry.params.keys;
  const path = entry.instancePath.split('/').filter(Boolean);
  const issue = {
    code: entry.keyword,
    message: entry.message ?? SERVER_MESSAGES.invalidInput,
    // `/a/0` for the issue's path `['a', 0]`; `/` for the root.
    path,
    keys: Array.isArray(keys) ? keys.map(String) : undefined,
  };
  const english = issueMessage(issue);
  const names = strayFieldNames(issue);
  if (names) return [english, wording(SERVER_MESSAGES.unknownFields, { count: names.length, names: names.join(', ') })];
  if (codes.has(english) || inEnglish) return [english];
  return [
    english,
    path.length > 0
      ? wording(SERVER_MESSAGES.invalidField, { field: path.join('.') })
      : wording(SERVER_MESSAGES.invalidInput),
  ];
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return SERVER_MESSAGES.unsupportedContentType;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return SERVER_MESSAGES.bodyTooLarge;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return SERVER_MESSAGES.bodyEmpty;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return SERVER_MESSAGES.bodyNotJson;
    default:
      return error.message || SERVER_MESSAGES.badRequest;
  }
}

/** Node's socket error codes and PostgreSQL's connection/shutdown SQLSTATEs, anywhere in the cause chain. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const SQLSTATE_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres reports dropped and timed-out connections as plain errors without a code. */
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|the database system is (?:starting up|shutting down)/i;

function* causeChain(error: unknown) {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as { code?: unknown; message?: unknown; errors?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

function errorCode(error: unknown): string | undefined {
  for (const link of causeChain(error)) if (typeof link.code === 'string') return link.code;
  return undefined;
}

function isConnectionError(error: unknown): boolean {
  for (const link of causeChain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    if (CONNECTION_CODES.has(code) || SQLSTATE_UNAVAILABLE.has(code) || code.startsWith('08')) return true;
    if (typeof link.message === 'string' && CONNECTION_MESSAGES.test(link.message)) return true;
    // `connect ECONNREFUSED` to several addresses (IPv4 and IPv6) arrives as an AggregateError.
    if (Array.isArray(link.errors) && link.errors.some((inner) => isConnectionError(inner))) return true;
  }
  return false;
}

/**
 * Drizzle puts every bound value of a failed query in its message ("params: …"): user text,
 * password hashes, session ids. Logs get the query without them.
 */
function withoutQueryParams(error: Error): Error {
  if (!/\nparams: /.test(error.message)) return error;
  const strip = (text: string | undefined) =>
    text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
  const safe = new Error(strip(error.message));
  safe.name = error.name;
  safe.stack = strip(error.stack);
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) (safe as { cause?: unknown }).cause = { message: cause.message, code: errorCode(cause) };
  return safe;
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
