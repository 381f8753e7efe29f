import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createShroFieldsSchema,
  listShrosQuerySchema,
  reactInputSchema,
  SHRO_MESSAGES,
  selectBoxInputSchema,
} from '../../../contract/shros';
import { noBodySchema } from '../../../contract/validation';
import { notFound } from '../../lib/http-errors';
import { parseInput } from '../../lib/parse';
import { sendKeptText } from '../../plugins/compression';
import { sendMessage } from '../chat/service';
import { uploadRoutes } from '../uploads/routes';
import { createUploadStorage } from '../uploads/storage';
import { readCreateForm } from './create-form';
import {
  createShro,
  deleteShroFor,
  getShroJsonForViewer,
  listShroHistory,
  reactToShro,
  type ShroDeps,
  selectBox,
} from './service';

const idParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The game (docs/product.md §7 `/api/sessions…`) and the images it serves (`/api/uploads/:key`). */
export async function shroRoutes(app: FastifyInstance) {
  const deps: ShroDeps = { db: app.database.db, cache: app.shroCache, live: app.bus };
  const storage = createUploadStorage(app.config.dataDir, { quotaBytesPerUser: app.config.uploadQuotaBytesPerUser });
  await app.register(uploadRoutes, { storage });

  const shroIdOf = (params: unknown) => {
    const parsed = idParamsSchema.safeParse(params);
    if (!parsed.success) throw notFound(SHRO_MESSAGES.notFound);
    return parsed.data.id;
  };
  const actorOf = (user: { id: string; username: string }) => ({ id: user.id, username: user.username });

  // Creates with images hold one of the user's upload slots and must fit their quota (decision 013).
  const createPreHandlers = [app.requireUser, app.guardUpload('box'), app.limitWrites];
  app.post('/api/sessions', { preHandler: createPreHandlers }, async (request, reply) => {
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
      await sendMessage(deps.db, request.user!.id, share, app.bus).catch((error) =>
        request.log.warn({ err: error, shroId: shro.id }, 'could not post the Shro into the chat'),
      );
    }
    return reply.status(201).send(shro);
  });

  app.get('/api/sessions', { preHandler: app.requireUser }, async (request) => {
    const query = parseInput(listShrosQuerySchema, request.query);
    return listShroHistory(deps, request.user!.id, query);
  });

  app.get('/api/sessions/:id', { preHandler: app.loadUser }, async (request, reply) => {
    const viewer = request.user ? actorOf(request.user) : null;
    // Already JSON: the hottest read of the app sends a kept serialisation (issue 6), compressed
    // once per view rather than once per request (decision 022).
    const body = await getShroJsonForViewer(deps, shroIdOf(request.params), viewer);
    return sendKeptText(request, reply.type('application/json; charset=utf-8'), body);
  });

  app.delete('/api/sessions/:id', { preHandler: [app.requireUser, app.limitWrites] }, async (request) => {
    parseInput(noBodySchema, request.body);
    return deleteShroFor(deps, storage, shroIdOf(request.params), actorOf(request.user!));
  });

  app.post('/api/sessions/:id/select', { preHandler: [app.requireUser, app.limitWrites] }, async (request) => {
    const shroId = shroIdOf(request.params);
    const { boxId } = parseInput(selectBoxInputSchema, request.body);
    return selectBox(deps, shroId, actorOf(request.user!), boxId);
  });

  app.post('/api/sessions/:id/react', { preHandler: [app.requireUser, app.limitWrites] }, async (request) => {
    const shroId = shroIdOf(request.params);
    const { emoji } = parseInput(reactInputSchema, request.body);
    return reactToShro(deps, shroId, actorOf(request.user!), emoji);
  });
}
