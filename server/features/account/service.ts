import { ACCOUNT_MESSAGES } from '../../../contract/account';
import type { Locale } from '../../../contract/locales';
import { badRequest, notFound, SERVER_MESSAGES } from '../../lib/http-errors';
import type { NameHash } from '../../lib/name-hash';
import { verifyPassword } from '../auth/password';
import { findUserById } from '../auth/queries';
import { holdReleasedUsername } from '../auth/username-holds';
import type { LiveDeps } from '../live/bus';
import type { ShroDeps } from '../shros/access';
import { afterShroWrite } from '../shros/events';
import type { UploadStorage } from '../uploads/storage';
import {
  anonymiseNotificationsAbout,
  anonymiseProfilePaths,
  deleteOwnShros,
  deleteOwnUploads,
  listAuthSessionIds,
  lockLiveAccount,
  removeReferences,
  tombstoneUser,
} from './deletion-queries';
import { updateLocale } from './queries';

/** Checks the account's password for an irreversible change; 400 with a clear message when wrong. */
export async function checkAccountPassword(deps: Pick<ShroDeps, 'db'>, userId: string, password: string) {
  const user = await findUserById(deps.db, userId);
  if (!(await verifyPassword(user?.passwordHash, password))) throw badRequest(ACCOUNT_MESSAGES.wrongPassword);
}

/** PUT /api/account/locale: on the account, so every device of the user follows it. */
export async function saveLocale({ db, live }: LiveDeps, userId: string, locale: Locale): Promise<Locale> {
  if (!(await updateLocale(db, userId, locale))) throw notFound(SERVER_MESSAGES.accountNotFound);
  // Every instance caches the signed-in user: the next request, wherever it lands, sees the choice.
  await live.publish({ type: 'user.account.updated', userId }, { servers: true });
  return locale;
}

interface WarnLog {
  warn(obj: object, msg: string): void;
}

/**
 * Files of the folder store after their rows' commit, one by one: a file that could not be
 * removed is logged with its key, and the start-up sweep (uploads/orphan-sweep.ts) removes it.
 */
async function removeFilesAfterCommit(storage: UploadStorage, keys: string[], log: WarnLog): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.remove([key])));
  const failed = keys.filter((_, i) => results[i]!.status === 'rejected');
  if (failed.length === 0) return;
  const reason = results.find((result) => result.status === 'rejected')?.reason;
  log.warn(
    { keys: failed, reason: reason instanceof Error ? reason.message : String(reason) },
    'deleted account: image files not removed; the next start removes them',
  );
}

/**
 * DELETE /api/account (docs/decisions/115-account-deletion-tombstone.md): in one transaction,
 * the user's own Shros and images, and every row that is only theirs, go; what other people's
 * history needs stays, pointing at a nameless tombstone. Image bytes kept in the database go in
 * that transaction; files go after it. Then every instance forgets the Shros, the auth sessions
 * and the cached names.
 */
export async function deleteAccount(
  deps: ShroDeps & { nameHash: NameHash; log: WarnLog },
  storage: UploadStorage,
  userId: string,
): Promise<void> {
  const { db, live } = deps;
  const done = await db.transaction(async (tx) => {
    const account = await lockLiveAccount(tx, userId);
    if (!account) throw notFound(SERVER_MESSAGES.accountNotFound);
    const authSessionIds = await listAuthSessionIds(tx, userId);
    const shroIds = await deleteOwnShros(tx, userId);
    const imageKeys = await deleteOwnUploads(tx, userId);
    // With PostgreSQL the bytes are rows too: they go exactly with the upload rows.
    await storage.removeInTransaction?.(tx, imageKeys);
    await anonymiseNotificationsAbout(tx, userId, account.username);
    // Before the holds below lose their owner: they name the earlier usernames to look for.
    await anonymiseProfilePaths(tx, deps.nameHash, userId, account.username);
    // The name is released, held from everyone else for 30 days (decision 111); the hold's owner
    // is cleared with the other references below, so nobody can take it back.
    await holdReleasedUsername(tx, deps.nameHash, account.username, userId);
    await removeReferences(tx, userId);
    await tombstoneUser(tx, userId);
    return { authSessionIds, shroIds, imageKeys };
  });
  // Files after the rows, as for a deleted Shro: a failed commit must not leave boxes without images.
  if (!storage.removeInTransaction) await removeFilesAfterCommit(storage, done.imageKeys, deps.log);
  for (const shroId of done.shroIds) await afterShroWrite(deps, { type: 'shro.deleted', shroId });
  for (const authSessionId of done.authSessionIds) {
    await live.publish({ type: 'auth.session.ended', authSessionId }, { servers: true });
  }
  // Cached Shros and sessions elsewhere carry the old name: they reload the tombstone's.
  await live.publish({ type: 'user.profile.updated', userId }, { servers: true });
}
