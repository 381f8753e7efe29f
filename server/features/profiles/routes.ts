import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AVATAR_SIZE, updateProfileInputSchema } from '../../../contract/profiles';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { badRequest, payloadTooLarge } from '../../lib/http-errors';
import { reencodeImage } from '../../lib/images';
import { forEachPart } from '../../lib/multipart-form';
import { parseInput } from '../../lib/parse';
import { getUnlockedAchievements, getUserStats, getUserStatsFor } from '../achievements/service';
import { createUploadStorage, type UploadStorage } from '../uploads/storage';
import { getPublicProfile, updateProfile } from './service';

interface ProfileForm {
  fields: Record<string, unknown>;
  image?: Buffer;
}

/** Reads PATCH /api/profile as multipart (the web form) or JSON (no image). */
async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown> };
  // No prototype: a part named `__proto__` or `constructor` is a field like any other, so the
  // strict schema refuses it by name instead of it vanishing.
  const form: ProfileForm = { fields: Object.create(null) };
  try {
    await forEachPart(request, async (part) => {
      if (part.type === 'field') {
        // A browser's file input left empty arrives as an empty text part of the same name.
        if (part.fieldname === 'profileImage' && part.value === '') return;
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        return;
      }
      if (part.fieldname !== 'profileImage') {
        part.file.resume();
        throw badRequest(`Unknown field "${part.fieldname}". Send the picture as "profileImage".`);
      }
      // Every file part must be read to the end for the request to finish; only one is kept.
      const data = await part.toBuffer();
      // An empty file input still sends a part with no bytes: that means "no new image".
      if (data.length > 0) form.image = data;
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw payloadTooLarge(SHRO_MESSAGES.imageTooLarge);
    throw error;
  }
  return form;
}

/** Own profile editing, public profiles, stats and unlocked achievements (docs/product.md §7). */
export async function profilesRoutes(app: FastifyInstance, opts: { storage?: UploadStorage } = {}) {
  const { db } = app.database;
  // Same folder as every other upload (DATA_DIR/uploads), so GET /api/uploads/:key serves avatars.
  const storage =
    opts.storage ?? createUploadStorage(app.config.dataDir, { quotaBytesPerUser: app.config.uploadQuotaBytesPerUser });

  // A new picture holds one of the user's upload slots and must fit their quota (decision 013).
  const patchPreHandlers = [app.requireUser, app.guardUpload('avatar'), app.limitWrites];
  app.patch('/api/profile', { preHandler: patchPreHandlers }, async (request) => {
    const form = await readProfileForm(request);
    const { removeProfileImage, ...input } = parseInput(updateProfileInputSchema, form.fields);
    // Same content checks and re-encoding as box images, cropped to a centred square. A new
    // image wins over removeProfileImage sent with it.
    const avatar = form.image
      ? await reencodeImage(form.image, { square: AVATAR_SIZE })
      : removeProfileImage
        ? 'remove'
        : undefined;
    const updated = await updateProfile(db, storage, request.user!.id, input, avatar);
    // Cached sessions and Shros carry the old name and avatar on every instance.
    await app.bus.publish({ type: 'user.profile.updated', userId: updated.id }, { servers: true });
    return updated;
  });

  // Public profile reads are open to visitors and cheap to repeat: they count against the read
  // budgets (per user when signed in, always per IP).
  const publicRead = { preHandler: [app.loadUser, app.limitReads] };

  app.get<{ Params: { username: string } }>('/api/users/profile/:username', publicRead, async (request) =>
    getPublicProfile(db, request.params.username),
  );

  // The owner sees every counter; anyone else only what public and link Shros add up to.
  app.get<{ Params: { id: string } }>('/api/users/stats/:id', publicRead, async (request) =>
    getUserStatsFor(db, request.params.id.trim(), request.user?.id ?? null),
  );

  app.get<{ Params: { id: string } }>('/api/users/achievements/:id', publicRead, async (request) =>
    getUnlockedAchievements(db, request.params.id.trim()),
  );

  // The signed-in user's own counters; the achievements page and the profile read them.
  app.get('/api/stats', { preHandler: app.requireUser }, async (request) => getUserStats(db, request.user!.id));
}
