import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserSchema, publicUserSchema } from '../../../contract/auth';
import { publicUserIdParamsSchema, usernameParamsSchema } from '../../../contract/ids';
import {
  AVATAR_SIZE,
  unlockedAchievementSchema,
  updateProfileInputSchema,
  userStatsSchema,
} from '../../../contract/profiles';
import { errorAnswers } from '../../lib/error-answers';
import { reencodeImage } from '../../lib/images';
import { parseInput } from '../../lib/parse';
import { requestLocale } from '../../lib/request-locale';
import { getUnlockedAchievements, getUserStats, getUserStatsFor } from '../achievements/service';
import { currentUserPresenter } from '../auth/present';
import { readProfileForm } from './profile-form';
import { getPublicProfile, updateProfile } from './service';

/** Own profile editing, public profiles, stats and unlocked achievements (docs/product.md §7). */
export async function profilesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  // The app's one store (decision 101), so GET /api/uploads/:key serves avatars too.
  const storage = app.uploadStorage;

  // A new picture holds one of the user's upload slots and must fit their quota (decision 013).
  const patchHooks = { onRequest: app.requireUser, preValidation: [app.guardUpload('avatar'), app.limitWrites] };
  const toCurrentUser = currentUserPresenter({ db, settings: app.config, nameHash: app.nameHash });
  const updated = {
    summary: 'Updates the caller’s profile and picture.',
    response: { 200: currentUserSchema, ...errorAnswers(409) },
  };
  app.patch('/api/profile', { ...patchHooks, schema: updated }, async (request) => {
    // Multipart or JSON: the reader collects the fields, checked here against the contract.
    const form = await readProfileForm(request);
    const { removeProfileImage, ...input } = parseInput(updateProfileInputSchema, form.fields);
    // Same content checks and re-encoding as box images, cropped to a centred square. A new
    // image wins over removeProfileImage sent with it.
    const avatar = form.image
      ? await reencodeImage(form.image, { square: AVATAR_SIZE })
      : removeProfileImage
        ? 'remove'
        : undefined;
    return toCurrentUser(
      await updateProfile({ db, live: app.bus, nameHash: app.nameHash }, storage, request.user!.id, input, avatar),
    );
  });

  // Public profile reads are open to visitors and cheap to repeat: they count against the read
  // budgets (per user when signed in, always per IP).
  const publicRead = { onRequest: app.loadUser, preValidation: app.limitReads };
  const ofUser = { ...publicRead, schema: { params: publicUserIdParamsSchema } };
  const stats = { 200: userStatsSchema };

  app.get(
    '/api/users/profile/:username',
    {
      ...publicRead,
      schema: {
        summary: 'Returns a public profile.',
        params: usernameParamsSchema,
        response: { 200: publicUserSchema },
      },
    },
    async (request) => getPublicProfile(db, request.params.username, request.user?.id ?? null),
  );

  // The owner sees every counter; anyone else only what public and link Shros add up to.
  app.get(
    '/api/users/stats/:id',
    { ...ofUser, schema: { ...ofUser.schema, summary: 'Returns a user’s stats.', response: stats } },
    async (request) => getUserStatsFor(db, request.params.id, request.user?.id ?? null),
  );

  const unlocked = { 200: z.array(unlockedAchievementSchema) };
  app.get(
    '/api/users/achievements/:id',
    { ...ofUser, schema: { ...ofUser.schema, summary: 'Lists a user’s unlocked achievements.', response: unlocked } },
    async (request) => getUnlockedAchievements(db, request.params.id, request.user?.id ?? null, requestLocale(request)),
  );

  // The signed-in user's own counters; the achievements page and the profile read them.
  app.get(
    '/api/stats',
    { onRequest: app.requireUser, schema: { summary: 'Returns the caller’s own stats.', response: stats } },
    async (request) => getUserStats(db, request.user!.id),
  );
}
