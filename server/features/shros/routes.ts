import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { homeInboxSchema } from '../../../contract/home';
import { shroIdParamsSchema } from '../../../contract/ids';
import { copyShroInputSchema } from '../../../contract/shro-copy';
import { createShroFieldsSchema } from '../../../contract/shro-create-input';
import { listShrosQuerySchema, reactInputSchema, selectBoxInputSchema } from '../../../contract/shro-inputs';
import { nudgeResultSchema } from '../../../contract/shro-nudge';
import {
  deleteShroResponseSchema,
  reactResponseSchema,
  shroListResponseSchema,
  shroSchema,
} from '../../../contract/shro-views';
import { noBodySchema } from '../../../contract/validation';
import { errorAnswers } from '../../lib/error-answers';
import { parseInput } from '../../lib/parse';
import { sendKeptText } from '../../plugins/compression';
import { sendMessage } from '../chat/service';
import { uploadRoutes } from '../uploads/routes';
import type { ShroDeps, ZonedActor } from './access';
import { copyShro } from './copy';
import { createShro } from './create';
import { readCreateForm } from './create-form';
import { deadlineSweeper } from './deadlines';
import { deleteShroFor } from './delete';
import { listShroHistory } from './history';
import { getHomeInbox } from './home';
import { nudgeRecipients } from './nudge';
import { outboxOf } from './outbox';
import { pickBox } from './pick';
import { reactToShro } from './react';
import { getShroJsonForViewer, keptShroJsonForViewer } from './view';

/** The game (docs/product.md §7 `/api/sessions…`) and the images it serves (`/api/uploads/:key`). */
export async function shroRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ShroDeps = { db: app.database.db, cache: app.shroCache, live: app.bus };
  const storage = app.uploadStorage;
  // Picks' and reactions' effects (decision 119): what a crash left is processed at start-up,
  // then a sweep every second next to the kick after each commit.
  const outbox = outboxOf(deps, app.log);
  app.addHook('onReady', async () => outbox.start(app.log));
  app.addHook('onClose', async () => outbox.stop());
  // Reminders before a deadline and the summary at it (decision 186).
  const deadlines = deadlineSweeper(deps, app.log);
  app.addHook('onReady', async () => deadlines.start());
  app.addHook('onClose', async () => deadlines.stop());
  await app.register(uploadRoutes, { storage });

  const actorOf = (user: { id: string; username: string }) => ({ id: user.id, username: user.username });
  // A pick or a reaction counts a streak day in the zone the request knows (decision 147).
  const withZone = (user: { id: string; username: string; timeZone: string | null }): ZonedActor => ({
    ...actorOf(user),
    timeZone: user.timeZone ?? 'UTC',
  });

  // Creates with images hold one of the user's upload slots and must fit their quota (decision 013).
  const createHooks = { onRequest: app.requireUser, preValidation: [app.guardUpload('box'), app.limitWrites] };
  const created = { summary: 'Creates a Shro, with images or without.', response: { 201: shroSchema } };
  app.post('/api/sessions', { ...createHooks, schema: created }, async (request, reply) => {
    // Multipart or JSON: the reader collects the fields, checked here against the contract.
    const form = await readCreateForm(request);
    const fields = parseInput(createShroFieldsSchema, form.fields);
    const shro = await createShro(deps, storage, actorOf(request.user!), fields, form.images);
    // A friend-targeted create (the chat's and the friends list's "Send Shro") also lands in
    // that conversation as a Shro card. The Shro stands on its own: a failed post is only logged.
    if (fields.friendId && shro.recipients.some((r) => r.id === fields.friendId)) {
      const share = {
        recipientId: fields.friendId,
        content: shro.title,
        messageType: 'shro_share' as const,
        shroSessionId: shro.id,
      };
      await sendMessage(deps, request.user!.id, share).catch((error) =>
        request.log.warn({ err: error, shroId: shro.id }, 'could not post the Shro into the chat'),
      );
    }
    return reply.status(201).send(shro);
  });

  app.get(
    '/api/sessions',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Lists the Shros the caller made or was sent, page by page.',
        querystring: listShrosQuerySchema,
        response: { 200: shroListResponseSchema },
      },
    },
    async (request) => listShroHistory(deps, request.user!.id, request.query),
  );

  app.get(
    '/api/sessions/:id',
    // The kept text skips the serializer: view.ts applies the same schema when it builds it.
    {
      onRequest: app.loadUser,
      schema: {
        summary: 'Returns a Shro as the caller may see it.',
        params: shroIdParamsSchema,
        response: { 200: shroSchema },
      },
    },
    async (request, reply) => {
      const viewer = request.user ? actorOf(request.user) : null;
      // Already JSON: the hottest read of the app sends a kept serialisation (issue 6), compressed
      // once per view rather than once per request (decision 022), at once when it is at hand
      // (decision 159).
      const body =
        keptShroJsonForViewer(deps, request.params.id, viewer) ??
        (await getShroJsonForViewer(deps, request.params.id, viewer));
      return sendKeptText(request, reply.type('application/json; charset=utf-8'), body);
    },
  );

  const write = { onRequest: app.requireUser, preValidation: app.limitWrites };

  app.delete(
    '/api/sessions/:id',
    {
      ...write,
      schema: {
        summary: 'Deletes a Shro the caller made.',
        params: shroIdParamsSchema,
        body: noBodySchema,
        response: { 200: deleteShroResponseSchema },
      },
    },
    async (request) => deleteShroFor(deps, storage, request.params.id, actorOf(request.user!)),
  );

  app.post(
    '/api/sessions/:id/select',
    {
      ...write,
      schema: {
        summary: 'Picks one box of a Shro.',
        params: shroIdParamsSchema,
        body: selectBoxInputSchema,
        response: { 200: shroSchema, ...errorAnswers(409, 410) },
      },
    },
    async (request) => pickBox(deps, request.params.id, withZone(request.user!), request.body.boxId),
  );

  app.post(
    '/api/sessions/:id/react',
    {
      ...write,
      schema: {
        summary: 'Reacts to a Shro with an emoji.',
        params: shroIdParamsSchema,
        body: reactInputSchema,
        response: { 200: reactResponseSchema },
      },
    },
    async (request) => reactToShro(deps, request.params.id, withZone(request.user!), request.body.emoji),
  );

  // "Share again with a new expiry": a new link Shro from the creator's own (issue 13 item 8).
  app.post(
    '/api/sessions/:id/copy',
    {
      ...write,
      schema: {
        summary: 'Shares a link Shro again with a new expiry.',
        params: shroIdParamsSchema,
        body: copyShroInputSchema,
        response: { 201: shroSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await copyShro(deps, request.params.id, actorOf(request.user!), request.body)),
  );

  app.post(
    '/api/sessions/:id/nudge',
    {
      ...write,
      schema: {
        summary: 'Reminds the recipients who have not opened a private Shro.',
        params: shroIdParamsSchema,
        body: noBodySchema,
        response: { 202: nudgeResultSchema, ...errorAnswers(410, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await nudgeRecipients(deps, request.params.id, actorOf(request.user!))),
  );

  // The signed-in home's inbox: Shros waiting for the user's pick and their own open ones.
  app.get(
    '/api/home',
    {
      onRequest: app.requireUser,
      schema: { summary: 'Returns the signed-in home’s inbox.', response: { 200: homeInboxSchema } },
    },
    async (request) => getHomeInbox(deps, request.user!.id),
  );
}
