import { once } from 'node:events';
import type { Archiver } from 'archiver';
import { EXPORT_FORMAT_VERSION, EXPORT_IMAGES_FOLDER, EXPORT_JSON_NAME } from '../../../contract/account';
import type { Shro } from '../../../contract/shro-views';
import { HttpError } from '../../lib/http-errors';
import { listInvitesForExport } from '../invites/queries';
import type { ShroDeps } from '../shros/access';
import { getShroForViewer } from '../shros/view';
import type { UploadStorage } from '../uploads/storage';
import {
  findAccountRow,
  findStatsForExport,
  listAchievementsForExport,
  listAnalyticsForExport,
  listAuthSessionsForExport,
  listFriendRequestsForExport,
  listFriendsForExport,
  listMessagesForExport,
  listNotificationsForExport,
  listOwnReactions,
  listOwnShroIds,
  listOwnUploads,
  listPicksOnOthersShros,
  listReceivedShroIds,
  listSharesForExport,
} from './queries';
import { exportSafetyData } from './safety-export';

/**
 * GET /api/account/export (docs/decisions/114-account-export.md): everything about the user as
 * one JSON file plus their images, as a ZIP written straight to the reply.
 */

const imageFileOf = (key: string) => `${EXPORT_IMAGES_FOLDER}/${key}.webp`;
const UPLOAD_URL = /^\/api\/uploads\/([0-9a-f]{32})$/;

/**
 * A Shro exactly as the app shows it to the user: the one presenter decides (server/features/
 * shros/present.ts), so others' unopened boxes stay empty here too. Null when the user can no
 * longer see it (blocked, moderated away).
 */
async function presentedFor(deps: ShroDeps, shroId: string, viewer: { id: string; username: string }) {
  try {
    return await getShroForViewer(deps, shroId, viewer);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
}

/** Points each box image the user uploaded at its file in the ZIP. */
function withImageFiles(shro: Shro, ownKeys: Set<string>) {
  return {
    ...shro,
    boxes: shro.boxes.map((box) => {
      const key = box.imageUrl ? UPLOAD_URL.exec(box.imageUrl)?.[1] : undefined;
      return { ...box, imageFile: key && ownKeys.has(key) ? imageFileOf(key) : null };
    }),
  };
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
/** Dates as ISO text, everything else as it is. */
const dated = <T extends Record<string, unknown>>(row: T) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));

/** The export's JSON document and the images to put beside it. */
export async function buildAccountExport(deps: ShroDeps, userId: string, now = new Date()) {
  const { db } = deps;
  const account = await findAccountRow(db, userId);
  if (!account) throw new HttpError(404, 'Account not found');
  const viewer = { id: account.id, username: account.username };
  const images = await listOwnUploads(db, userId);
  const ownKeys = new Set(images.map((i) => i.key));

  const created = [];
  for (const id of await listOwnShroIds(db, userId)) {
    const shro = await presentedFor(deps, id, viewer);
    if (shro) created.push(withImageFiles(shro, ownKeys));
  }

  const picks = await listPicksOnOthersShros(db, userId);
  const pickedIds = new Set(picks.map((p) => p.shroId));
  const picked = [];
  for (const pick of picks) {
    const shro = await presentedFor(deps, pick.shroId, viewer);
    picked.push({
      shroId: pick.shroId,
      boxId: pick.boxId,
      isCorrect: pick.isCorrect,
      pickedAt: iso(pick.pickedAt),
      removedFromHistoryAt: iso(pick.hiddenAt),
      shro,
    });
  }
  const received = [];
  for (const id of await listReceivedShroIds(db, userId)) {
    if (pickedIds.has(id)) continue;
    const shro = await presentedFor(deps, id, viewer);
    if (shro) received.push(shro);
  }

  const document = {
    format: 'shro-account-export',
    version: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    about:
      'Everything Shro keeps about your account. Box images you uploaded are in the images folder: ' +
      'a box\'s "imageFile" names its file. Other people appear by username only.',
    profile: dated(account),
    stats: await findStatsForExport(db, userId),
    achievements: (await listAchievementsForExport(db, userId)).map(dated),
    shrosCreated: created,
    picks: picked,
    shrosReceivedNotOpened: received,
    reactions: (await listOwnReactions(db, userId)).map(dated),
    shares: (await listSharesForExport(db, userId)).map(dated),
    friends: (await listFriendsForExport(db, userId)).map(dated),
    friendRequests: (await listFriendRequestsForExport(db, userId)).map(dated),
    // Invite links the user made (never their tokens: only hashes are kept, and those stay out).
    invites: (await listInvitesForExport(db, userId)).map(dated),
    messages: (await listMessagesForExport(db, userId)).map(dated),
    notifications: (await listNotificationsForExport(db, userId)).map(dated),
    authSessions: (await listAuthSessionsForExport(db, userId)).map(dated),
    ...(await exportSafetyData(db, userId)),
    analyticsEvents: (await listAnalyticsForExport(db, userId)).map(dated),
    images: images.map((image) => ({ ...dated(image), file: imageFileOf(image.key) })),
  };
  return { document, imageKeys: images.map((i) => i.key) };
}

/**
 * Writes the export into `archive` and finalizes it. Images are read one at a time, each once
 * the archive has taken the previous one in, so a slow download holds at most one in memory.
 * A download that ends early destroys the archive (Fastify does, when the connection closes)
 * without an error: every wait then stops, and this answers 'aborted', so nothing is left
 * waiting forever holding the document.
 */
export async function writeAccountExport(
  archive: Archiver,
  storage: UploadStorage,
  exported: Awaited<ReturnType<typeof buildAccountExport>>,
): Promise<'written' | 'aborted'> {
  const gone = new AbortController();
  const stop = () => gone.abort(new Error('the download ended before the export was written'));
  archive.once('close', stop);
  if (archive.destroyed) stop();
  const untilGone = new Promise<never>((_, reject) =>
    gone.signal.addEventListener('abort', () => reject(gone.signal.reason), { once: true }),
  );
  // Only ever awaited inside a race; never an unhandled rejection on its own.
  untilGone.catch(() => {});
  const taken = () => once(archive, 'entry', { signal: gone.signal });
  try {
    let next = taken();
    archive.append(JSON.stringify(exported.document, null, 2), { name: EXPORT_JSON_NAME });
    await next;
    for (const key of exported.imageKeys) {
      const data = await Promise.race([storage.read(key), untilGone]);
      if (!data) continue;
      next = taken();
      archive.append(data, { name: imageFileOf(key) });
      await next;
    }
    await Promise.race([archive.finalize(), untilGone]);
    return 'written';
  } catch (error) {
    if (gone.signal.aborted) return 'aborted';
    throw error;
  } finally {
    archive.off('close', stop);
  }
}
