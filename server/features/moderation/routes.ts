import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uploadKeyParamsSchema } from '../../../contract/ids';
import {
  createReportInputSchema,
  moderationActionInputSchema,
  moderationActionResultSchema,
  moderationLogQuerySchema,
  moderationLogSchema,
  moderationQueueSchema,
  moderationTargetParamsSchema,
  moderationTargetSchema,
  moderatorMeSchema,
  reportCreatedSchema,
} from '../../../contract/moderation';
import { errorAnswers } from '../../lib/error-answers';
import { consumeOrThrow } from '../../plugins/rate-limit';
import { readUploadFile } from '../uploads/service';
import { applyAction } from './actions';
import { createReport } from './reports';
import { findImageForModerator, getLog, getQueue, viewTarget } from './review';
import { assertModerator, type ModerationDeps } from './service';

/**
 * Reports (any signed-in user) and the moderators' API (docs/decisions/106-reports-and-moderation-api.md).
 * Every /api/moderation route answers 404 to a signed-in user who is not a moderator, as for a
 * route that does not exist; a visitor gets 401 first, like on every signed-in route.
 */
export async function moderationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ModerationDeps = {
    db: app.database.db,
    cache: app.shroCache,
    live: app.bus,
    storage: app.uploadStorage,
    settings: {
      moderatorUsernames: app.config.moderatorUsernames,
      reportAutoHideThreshold: app.config.reportAutoHideThreshold,
    },
    nameHash: app.nameHash,
  };
  const requireModerator = async (request: FastifyRequest) => {
    await assertModerator(deps, request.user!);
  };
  // The report budget is counted before the body is checked: a flood of bad reports uses it up too.
  const limitReports = async (request: FastifyRequest) => {
    await app.limitWrites(request);
    await consumeOrThrow(app.limiters.reportsByUser, request.user!.id);
  };

  app.post(
    '/api/reports',
    {
      onRequest: app.requireUser,
      preValidation: limitReports,
      schema: {
        summary: 'Reports content or a user to the moderators.',
        description: 'Reports a Shro, a user, a message or an image the caller can see; one open report per target.',
        body: createReportInputSchema,
        response: { 201: reportCreatedSchema, ...errorAnswers(400, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createReport(deps, request.user!.id, request.body)),
  );

  const moderatorRead = { onRequest: [app.requireUser, requireModerator] };
  const moderatorWrite = { onRequest: [app.requireUser, requireModerator], preValidation: app.limitWrites };

  app.get(
    '/api/moderation/me',
    {
      ...moderatorRead,
      schema: {
        summary: 'Tells a moderator that they are one.',
        description: 'Answers only to moderators (404 for everyone else).',
        response: { 200: moderatorMeSchema, ...errorAnswers(404) },
      },
    },
    async () => ({ isModerator: true as const }),
  );

  app.get(
    '/api/moderation/queue',
    {
      ...moderatorRead,
      schema: {
        summary: 'Lists what waits for a moderator.',
        description: 'Open reports grouped by target, oldest first, then public Shros waiting for approval.',
        response: { 200: moderationQueueSchema, ...errorAnswers(404) },
      },
    },
    async () => getQueue(deps),
  );

  app.get(
    '/api/moderation/targets/:type/:id',
    {
      ...moderatorRead,
      schema: {
        summary: 'Shows reported content in full.',
        description:
          'The reported content in full (a Shro with every box), 404 for content not in review; each view is written to the audit log.',
        params: moderationTargetParamsSchema,
        response: { 200: moderationTargetSchema, ...errorAnswers(404) },
      },
    },
    async (request) => viewTarget(deps, request.user!, request.params.type, request.params.id),
  );

  app.get(
    '/api/moderation/images/:key',
    {
      ...moderatorRead,
      schema: {
        summary: 'Returns an image of content in review.',
        description: 'A stored image of content in review, for moderators; each look is written to the audit log.',
        params: uploadKeyParamsSchema,
      },
    },
    async (request, reply) => {
      const upload = await findImageForModerator(deps.db, request.user!, request.params.key);
      const data = await readUploadFile(deps.storage, upload);
      return reply
        .type(upload.contentType)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .send(data);
    },
  );

  app.post(
    '/api/moderation/actions',
    {
      ...moderatorWrite,
      schema: {
        summary: 'Takes a moderation action.',
        description: 'Dismiss, hide, restore, approve, delete, suspend or unsuspend, with a required reason (audited).',
        body: moderationActionInputSchema,
        response: { 200: moderationActionResultSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => applyAction(deps, request.user!, request.body),
  );

  app.get(
    '/api/moderation/log',
    {
      ...moderatorRead,
      schema: {
        summary: 'Lists the moderation audit log.',
        description: 'The audit log of every moderator action and content view, newest first (read-only).',
        querystring: moderationLogQuerySchema,
        response: { 200: moderationLogSchema, ...errorAnswers(404) },
      },
    },
    async (request) => getLog(deps.db, request.query.before),
  );
}
