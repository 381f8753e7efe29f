import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createdInviteSchema,
  createInviteInputSchema,
  inviteListSchema,
  invitePreviewSchema,
  inviteTokenParamsSchema,
  revokedInviteSchema,
  revokeInviteParamsSchema,
} from '../../../contract/invites';
import { noBodySchema } from '../../../contract/validation';
import { errorAnswers } from '../../lib/error-answers';
import { pageOriginResolver } from '../seo/public-origin';
import { createInvite, listInvites, previewInvite, revokeInvite } from './service';

/**
 * Invite links (docs/decisions/124-invitations.md): the signed-in user makes, lists and revokes
 * theirs; anyone with a token sees who invites. Signing up with one is POST /api/register.
 */
export async function invitesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const linkOrigin = pageOriginResolver(app.config);
  const write = { onRequest: app.requireUser, preValidation: app.limitWrites };

  app.post(
    '/api/invites',
    {
      ...write,
      schema: {
        summary: 'Creates an invite link.',
        body: createInviteInputSchema,
        response: { 201: createdInviteSchema, ...errorAnswers(404, 409) },
      },
    },
    async (request, reply) => {
      const deps = { db, cache: app.shroCache };
      const invite = await createInvite(deps, request.user!.id, request.body ?? {}, linkOrigin(request));
      return reply.status(201).send(invite);
    },
  );

  app.get(
    '/api/invites',
    {
      onRequest: app.requireUser,
      schema: { summary: 'Lists the caller’s invite links.', response: { 200: inviteListSchema } },
    },
    async (request) => listInvites(db, request.user!.id),
  );

  // Public: the /invite page shows a visitor who invites them (the inviter's public profile only).
  // Counted against the read budgets like the other public reads (per user when signed in, per IP).
  app.get(
    '/api/invites/:token',
    {
      onRequest: app.loadUser,
      preValidation: app.limitReads,
      schema: {
        summary: 'Shows who an invite link is from.',
        params: inviteTokenParamsSchema,
        response: { 200: invitePreviewSchema, ...errorAnswers(404) },
      },
    },
    async (request) => previewInvite(db, request.params.token, request.user?.id ?? null),
  );

  // Revoked by the id the list shows, or by the token itself (e.g. right after making it).
  app.delete(
    '/api/invites/:token',
    {
      ...write,
      schema: {
        summary: 'Revokes an invite link.',
        params: revokeInviteParamsSchema,
        body: noBodySchema,
        response: { 200: revokedInviteSchema, ...errorAnswers(404) },
      },
    },
    async (request) => revokeInvite(db, request.user!.id, request.params.token),
  );
}
