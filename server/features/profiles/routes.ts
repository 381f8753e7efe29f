import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AVATAR_SIZE, updateProfileInputSchema } from '../../../contract/profiles';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { payloadTooLarge } from '../../lib/http-errors';
import { reencodeImage } from '../../lib/images';
import { forEachPart } from '../../lib/multipart-form';
import { parseInput } from '../../lib/parse';
import { getUnlockedAchievements, getUserStats } from '../achievements/service';
import { createUploadStorage, type UploadStorage } from '../uploads/storage';
import { getPublicProfile, updateProfile } from './service';

interface ProfileForm {
  fields: Record<string, unknown>;
  image?: Buffer;
}

/** Reads PATCH /api/profile as multipart (the web form) or JSON (no image). */
async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown> };
  const form: ProfileForm = { fields: {} };
  try {
    await forEachPart(request, async (part) => {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        return;
      }
      // Every file part must be read to the end for the request to finish; only one is kept.
      const data = await part.toBuffer();
      // An empty file input still sends a part with no bytes: that means "no new image".
      if (part.fieldname === 'profileImage' && data.length > 0) {
        form.image = data;
      }
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw payloadTooLarge(SHRO_MESSAGES.imageTooLarge);
    throw error;
  }
  return form;
}

/** Own profile editing, public profiles, stats and unlocked achievements (spec §7). */
export async function profilesRoutes(app: FastifyInstance, opts: { storage?: UploadStorage } = {}) {
  const { db } = app.database;
  // Same folder as every other upload (DATA_DIR/uploads), so GET /api/uploads/:key serves avatars.
  const storage = opts.storage ?? createUploadStorage(app.config.dataDir);

  app.patch('/api/profile', { preHandler: [app.requireUser, app.limitWrites] }, async (request) => {
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

  app.get<{ Params: { username: string } }>('/api/users/profile/:username', async (request) =>
    getPublicProfile(db, request.params.username),
  );

  app.get<{ Params: { id: string } }>('/api/users/stats/:id', async (request) =>
    getUserStats(db, request.params.id.trim()),
  );

  app.get<{ Params: { id: string } }>('/api/users/achievements/:id', async (request) =>
    getUnlockedAchievements(db, request.params.id.trim()),
  );

  // The signed-in user's own counters; the achievements page and the profile read them.
  app.get('/api/stats', { preHandler: app.requireUser }, async (request) => getUserStats(db, request.user!.id));
}
