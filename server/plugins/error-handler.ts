import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { issueMessage, notFoundWhenInvalid } from '../../contract/validation';
import { pgErrorCode } from '../lib/db-errors';
import { HttpError, SERVICE_UNAVAILABLE } from '../lib/http-errors';

/** One place turns every error into `{message}`: typed HTTP errors, Fastify's own 4xx, or a logged 500. */
async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.warn({ err: error.cause }, error.message);
      reply.headers(error.headers);
      return reply.status(error.statusCode).send({ message: error.message });
    }
    // A route schema refused the input: the first issue's message, as the contract words it.
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Only zod schemas are compiled into zod validation errors.
      const paramsSchema = request.routeOptions.schema?.params as z.ZodType | undefined;
      const notFound =
        error.validationContext === 'params' && paramsSchema ? notFoundWhenInvalid.get(paramsSchema) : undefined;
      if (notFound) return reply.status(404).send({ message: notFound.message });
      return reply.status(400).send({ message: validationMessage(error.validation[0]) });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(error as FastifyError) });
    }
    if (status === 503) return reply.status(503).send({ message: SERVICE_UNAVAILABLE });
    // The database or its connection is down or restarting: fail fast and say so, so clients retry.
    if (isConnectionError(error)) {
      request.log.warn({ code: errorCode(error) }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: SERVICE_UNAVAILABLE });
    }
    // Bad input that only the database noticed (a NUL character in text): the client's fault.
    const sqlState = pgErrorCode(error);
    if (sqlState === '22021' || sqlState === '22P05') {
      return reply.status(400).send({ message: 'Text must not contain null characters' });
    }
    request.log.error({ err: withoutQueryParams(error) }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
  });
}

/**
 * Errors the router raises before any route or hook runs (a malformed URL, a path parameter over
 * the length limit). Passed to Fastify as `frameworkErrors`, so they answer `{message}` too.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  // No hook runs for these: the security headers are put on here.
  reply.headers(reply.server.securityHeaders ?? {}).header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ message: 'The address is too long' });
  return reply.status(400).send({ message: 'The address is not valid' });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over 16 KB, a malformed
 * request line, a timeout). Passed as `clientErrorHandler`: the same `{message}` shape as the rest.
 */
export function clientErrorHandler(this: FastifyInstance | undefined, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers or address are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long']
        : [400, 'Bad Request', 'The request could not be read'];
  const body = JSON.stringify({ message });
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

/** Fastify's copy of a zod issue (fastify-type-provider-zod) turned back into the contract's sentence. */
function validationMessage(entry: ZodFastifySchemaValidationError | undefined): string {
  if (!entry) return 'Invalid input';
  const keys = entry.params.keys;
  return issueMessage({
    code: entry.keyword,
    message: entry.message ?? 'Invalid input',
    // `/a/0` for the issue's path `['a', 0]`; `/` for the root.
    path: entry.instancePath.split('/').filter(Boolean),
    keys: Array.isArray(keys) ? keys.map(String) : undefined,
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON';
    default:
      return error.message || 'Bad request';
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
