import type { CurrentUser, PublicUser } from '../../../contract/auth';
import { USERNAME_TAKEN_MESSAGE } from '../../../contract/auth';
import { USER_NOT_FOUND_MESSAGE } from '../../../contract/profiles';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound } from '../../lib/http-errors';
import type { ProcessedImage } from '../../lib/images';
import { toCurrentUser, toPublicUser } from '../auth/present';
import { findUserById, findUserByUsername } from '../auth/queries';
import { deleteUploads, findUpload, insertUploads } from '../uploads/queries';
import { storeImages, uploadUrl } from '../uploads/service';
import type { UploadStorage } from '../uploads/storage';
import { findPublicUserByUsername, type ProfilePatch, updateUserProfile } from './queries';

/** A user's public profile by username (any case); never the email. */
export async function getPublicProfile(db: Db, rawUsername: string): Promise<PublicUser> {
  // The web route is /@{username}; a leading "@" passed along still finds the user.
  const username = rawUsername.trim().replace(/^@/, '');
  // Longer than any username can be: no need to ask the database.
  if (username.length === 0 || username.length > 100) throw notFound(USER_NOT_FOUND_MESSAGE);
  const row = await findPublicUserByUsername(db, username);
  if (!row) throw notFound(USER_NOT_FOUND_MESSAGE);
  return toPublicUser(row);
}

/** Validated text changes of PATCH /api/profile; a missing field stays as it is. */
export type ProfileChanges = Omit<ProfilePatch, 'profileImageUrl'>;

const AVATAR_URL_PATTERN = /^\/api\/uploads\/([0-9a-f]{32})$/;

/**
 * Updates the user's own profile; 409 when another account holds the username in any case.
 * A new avatar arrives already checked and re-encoded: its file is stored first, then its row
 * and the user's `profileImageUrl` change in one transaction, and the replaced avatar is removed.
 * `'remove'` instead of an avatar takes the picture away the same way (the initial shows again).
 */
export async function updateProfile(
  db: Db,
  storage: UploadStorage,
  userId: string,
  changes: ProfileChanges,
  avatar?: ProcessedImage | 'remove',
): Promise<CurrentUser> {
  if (changes.username !== undefined) {
    const holder = await findUserByUsername(db, changes.username);
    if (holder && holder.id !== userId) throw conflict(USERNAME_TAKEN_MESSAGE);
  }
  const [stored] = avatar && avatar !== 'remove' ? await storeImages(storage, userId, 'avatar', [avatar]) : [];
  let replacedKey: string | undefined;
  try {
    const row = await db.transaction(async (tx) => {
      const patch: ProfilePatch = { ...changes };
      if (stored) {
        await insertUploads(tx, [stored.row]);
        patch.profileImageUrl = uploadUrl(stored.key);
      } else if (avatar === 'remove') {
        patch.profileImageUrl = null;
      }
      if (patch.profileImageUrl !== undefined) {
        replacedKey = await ownAvatarKey(tx, userId);
        if (replacedKey) await deleteUploads(tx, [replacedKey]);
      }
      const updated = await updateUserProfile(tx, userId, patch);
      if (!updated) throw notFound(USER_NOT_FOUND_MESSAGE);
      return updated;
    });
    if (replacedKey) await storage.remove([replacedKey]).catch(() => {});
    return toCurrentUser(row);
  } catch (error) {
    if (stored) await storage.remove([stored.key]).catch(() => {});
    // Two accounts racing for one name: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN_MESSAGE);
    throw error;
  }
}

/** The key of the user's current avatar when it is an upload of theirs (not some other URL). */
async function ownAvatarKey(db: Db, userId: string): Promise<string | undefined> {
  const user = await findUserById(db, userId);
  const key = user?.profileImageUrl ? AVATAR_URL_PATTERN.exec(user.profileImageUrl)?.[1] : undefined;
  if (!key) return undefined;
  const upload = await findUpload(db, key);
  return upload && upload.kind === 'avatar' && upload.ownerId === userId ? key : undefined;
}
