import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorAnswers } from '../../lib/error-answers';
import { badRequest } from '../../lib/http-errors';
import { consumeOrThrow } from '../../plugins/rate-limit';
import { CSP_REPORT_PATH } from '../../plugins/security-headers';
import { violationsFromReport } from './service';

/** Reports are small; a browser's batch of a few violations fits many times over. */
const BODY_LIMIT = 16 * 1024;

/**
 * POST /api/csp-report: where browsers report Content-Security-Policy violations (the CSP's
 * `report-uri` and `report-to`, server/plugins/security-headers.ts). Anyone may report; each
 * violation is logged at warn level, cleaned; nothing is stored. Reports per client IP are
 * limited: RATE_LIMIT_CSP_REPORTS_PER_IP (default 60) per RATE_LIMIT_CSP_REPORTS_WINDOW_SECONDS (60).
 * Registered as its own (encapsulated) plugin: the report content types are parsed on this route only.
 */
export async function cspReportRoutes(app: FastifyInstance) {
  // Browsers label reports with their own JSON types: parsed like any JSON body (a `__proto__`
  // key refused), and only here.
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.post(
    CSP_REPORT_PATH,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        summary: 'Receives a browser’s report of a Content-Security-Policy violation.',
        response: { 204: z.null().describe('Reported (nothing is sent back)'), ...errorAnswers(429) },
      },
      // Counted before the body is read: a flood costs no parsing and no logging.
      onRequest: async (request) => consumeOrThrow(app.limiters.cspReportsByIp, request.ip),
    },
    async (request, reply) => {
      const violations = violationsFromReport(request.body);
      if (!violations) throw badRequest('Not a CSP report');
      for (const cspViolation of violations) request.log.warn({ cspViolation }, 'CSP violation');
      return reply.status(204).send();
    },
  );
}
