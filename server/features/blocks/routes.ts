import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blockListSchema,
  mutedShroListSchema,
  mutedUserListSchema,
  muteListSchema,
  shroMuteStateSchema,
  userBlockStateSchema,
} from '../../../contract/blocks';
import { publicUserIdParamsSchema, shroIdParamsSchema } from '../../../contract/ids';
import { noBodySchema } from '../../../contract/validation';
import {
  blockUser,
  getBlockedUsers,
  getMutedShros,
  getMutedUsers,
  getMutes,
  muteShro,
  muteUser,
  unblockUser,
  unmuteShro,
  unmuteUser,
} from './service';

/**
 * Block and mute (docs/decisions/104-block-and-mute.md). Every write answers the state after it,
 * so repeating one changes nothing; an unknown user or Shro answers 404.
 */
export async function blocksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const deps = { db, live: app.bus };
  const shroDeps = { db, cache: app.shroCache };
  const read = { onRequest: app.requireUser };
  const write = { onRequest: app.requireUser, preValidation: app.limitWrites };
  const onUser = (summary: string) => ({
    ...write,
    schema: { summary, params: publicUserIdParamsSchema, body: noBodySchema, response: { 200: userBlockStateSchema } },
  });
  const onShro = (summary: string) => ({
    ...write,
    schema: { summary, params: shroIdParamsSchema, body: noBodySchema, response: { 200: shroMuteStateSchema } },
  });

  app.get(
    '/api/blocks',
    { ...read, schema: { summary: 'Lists the users the caller blocked.', response: { 200: blockListSchema } } },
    async (request) => getBlockedUsers(db, request.user!.id),
  );

  app.get(
    '/api/mutes',
    { ...read, schema: { summary: 'Lists the users and Shros the caller muted.', response: { 200: muteListSchema } } },
    async (request) => getMutes(db, request.user!.id),
  );

  // The settings' "Muted" list: who and which Shros, with what the list shows of them.
  app.get(
    '/api/mutes/users',
    {
      ...read,
      schema: { summary: 'Lists the muted users, as the settings show them.', response: { 200: mutedUserListSchema } },
    },
    async (request) => getMutedUsers(db, request.user!.id),
  );

  app.get(
    '/api/mutes/sessions',
    {
      ...read,
      schema: { summary: 'Lists the muted Shros, as the settings show them.', response: { 200: mutedShroListSchema } },
    },
    async (request) => getMutedShros(db, request.user!.id),
  );

  app.post('/api/blocks/:id', onUser('Blocks a user.'), async (request) =>
    blockUser(deps, request.user!.id, request.params.id),
  );

  app.delete('/api/blocks/:id', onUser('Unblocks a user.'), async (request) =>
    unblockUser(db, request.user!.id, request.params.id),
  );

  app.post('/api/mutes/users/:id', onUser('Mutes a user.'), async (request) =>
    muteUser(db, request.user!.id, request.params.id),
  );

  app.delete('/api/mutes/users/:id', onUser('Unmutes a user.'), async (request) =>
    unmuteUser(db, request.user!.id, request.params.id),
  );

  app.post('/api/sessions/:id/mute', onShro('Mutes a Shro.'), async (request) =>
    muteShro(shroDeps, request.user!.id, request.params.id),
  );

  app.delete('/api/sessions/:id/mute', onShro('Unmutes a Shro.'), async (request) =>
    unmuteShro(shroDeps, request.user!.id, request.params.id),
  );
}
