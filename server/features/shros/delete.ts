import type { DeleteShroResponse } from '../../../contract/shro-views';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { notFound } from '../../lib/http-errors';
import type { UploadStorage } from '../uploads/storage';
import { type Actor, resolveAccess, type ShroDeps } from './access';
import { afterShroWrite } from './events';
import { deleteShroAndUploads, hideShroForUser } from './queries';

/**
 * docs/product.md §4: the creator deletes the Shro (with its images); a recipient or participant
 * removes it from their own history only; anyone else gets 404.
 */
export async function deleteShroFor(
  deps: ShroDeps,
  storage: UploadStorage,
  shroId: string,
  user: Actor,
  now = new Date(),
): Promise<DeleteShroResponse> {
  const { db } = deps;
  const access = await resolveAccess(deps, shroId, user);
  if (access.role === 'creator') {
    const keys = await db.transaction((tx) => deleteShroAndUploads(tx, shroId));
    await afterShroWrite(deps, { type: 'shro.deleted', shroId });
    // Files go after the rows: a failed commit must not leave boxes pointing at nothing.
    await storage.remove(keys).catch(() => {});
    return { success: true, result: 'deleted' };
  }
  if (access.role === 'recipient' || access.role === 'participant') {
    await hideShroForUser(db, shroId, user.id, now);
    return { success: true, result: 'hidden' };
  }
  throw notFound(SHRO_MESSAGES.notFound);
}
