import type { PublicUser } from '../../../contract/auth';
import { USERNAME_TAKEN_MESSAGE } from '../../../contract/auth';
import { isDeletedUsername } from '../../../contract/deleted-user';
import { USER_NOT_FOUND_MESSAGE } from '../../../contract/profiles';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound } from '../../lib/http-errors';
import type { ProcessedImage } from '../../lib/images';
import type { NameHash } from '../../lib/name-hash';
import { checkPublicNames } from '../../lib/public-names';
import { toPublicUser } from '../auth/present';
import { findUserById, findUserByUsername, type UserRow } from '../auth/queries';
import { assertUsernameNotHeld, renameWithHold } from '../auth/username-holds';
import { hasBlocked } from '../blocks/queries';
import type { LiveDeps } from '../live/bus';
import { isSuspendedUntil } from '../moderation/suspension';
import { deleteUploads, findUpload } from '../uploads/queries';
import { checkUploadQuota, insertUploadsWithinQuota, storeImages, uploadUrl } from '../uploads/service';
import type { UploadStorage } from '../uploads/storage';
import { findPublicUserByUsername, type ProfilePatch, updateUserProfile } from './queries';

/**
 * A user's public profile by username (any case); never the email. Someone the user blocked gets
 * "User not found", as for a name nobody holds (decision 104); the blocker still sees the profile
 * they blocked, to unblock it there. A suspended account has no profile while the suspension
 * lasts (decision 107).
 */
export async function getPublicProfile(
  db: Db,
  rawUsername: string,
  viewerId: string | null = null,
): Promise<PublicUser> {
  // The web route is /@{username}; a leading "@" passed along still finds the user.
  const username = rawUsername.trim().replace(/^@/, '');
  // Longer than any username can be: no need to ask the database.
  if (username.length === 0 || username.length > 100) throw notFound(USER_NOT_FOUND_MESSAGE);
  // A deleted account has no profile (docs/decisions/115-account-deletion-tombstone.md).
  if (isDeletedUsername(username.toLowerCase())) throw notFound(USER_NOT_FOUND_MESSAGE);
  const row = await findPublicUserByUsername(db, username);
  if (!row) throw notFound(USER_NOT_FOUND_MESSAGE);
  if (viewerId !== row.id && isSuspendedUntil(row.suspendedUntil)) throw notFound(USER_NOT_FOUND_MESSAGE);
  if (viewerId && viewerId !== row.id && (await hasBlocked(db, row.id, viewerId)))
    throw notFound(USER_NOT_FOUND_MESSAGE);
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
  { db, live, nameHash }: LiveDeps & { nameHash: NameHash },
  storage: UploadStorage,
  userId: string,
  changes: ProfileChanges,
  avatar?: ProcessedImage | 'remove',
): Promise<UserRow> {
  checkPublicNames(changes);
  if (changes.username !== undefined) {
    // Checked again in the transaction (renameWithHold); here so a taken name refuses before any
    // image is stored. A name someone gave up in the last 30 days is still theirs (decision 111).
    const holder = await findUserByUsername(db, changes.username);
    if (holder && holder.id !== userId) throw conflict(USERNAME_TAKEN_MESSAGE);
    await assertUsernameNotHeld(db, nameHash, changes.username, userId);
  }
  const image = avatar && avatar !== 'remove' ? avatar : undefined;
  if (image) {
    // Within the user's storage quota, where the new picture takes the current one's place:
    // checked before the file is written, and exactly with the row.
    const current = await ownAvatarKey(db, userId);
    await checkUploadQuota(db, storage.quotaBytesPerUser, userId, image.data.length, {
      exceptKeys: current ? [current] : [],
    });
  }
  const [stored] = image ? await storeImages(storage, userId, 'avatar', [image]) : [];
  let replacedKey: string | undefined;
  try {
    const row = await db.transaction(async (tx) => {
      // The user's row is locked first; a new name and the hold on the old one go together.
      const updated = await renameWithHold(tx, nameHash, userId, changes.username, async () => {
        const patch: ProfilePatch = { ...changes };
        if (stored || avatar === 'remove') {
          // The replaced picture goes first, so the quota counts the new one in its place.
          replacedKey = await ownAvatarKey(tx, userId);
          if (replacedKey) await deleteUploads(tx, [replacedKey]);
          patch.profileImageUrl = null;
        }
        if (stored) {
          await insertUploadsWithinQuota(tx, storage.quotaBytesPerUser, userId, [stored.row]);
          patch.profileImageUrl = uploadUrl(stored.key);
        }
        return updateUserProfile(tx, userId, patch);
      });
      if (!updated) throw notFound(USER_NOT_FOUND_MESSAGE);
      return updated;
    });
    if (replacedKey) await storage.remove([replacedKey]).catch(() => {});
    // Cached sessions and Shros carry the old name and avatar on every instance (publish never throws).
    await live.publish({ type: 'user.profile.updated', userId: row.id }, { servers: true });
    return row;
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
