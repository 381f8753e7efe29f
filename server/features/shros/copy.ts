import { randomUUID } from 'node:crypto';
import { COPY_MESSAGES, type CopyShroInput } from '../../../contract/shro-copy';
import { parseExpiry } from '../../../contract/shro-create-rules';
import type { Shro } from '../../../contract/shro-views';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { bumpStats } from '../achievements/stats';
import { type Actor, findVisibleShro, type ShroDeps } from './access';
import { commitBox, committedContentOfStored, commitWinningPosition, newSalt } from './commitments';
import { notifyUsers } from './events';
import { insertBoxes, insertShro, lockCopySource, type NewBoxRow } from './queries';
import { newShuffleKey } from './shuffle';
import { getShroForViewer } from './view';

/**
 * POST /api/sessions/:id/copy — "Share again with a new expiry": the creator's link Shro becomes a new
 * link Shro with the same title, type, hashtags, boxes and winning box, fresh salts and commitments
 * (a copy is a new game: its picks, counts and reactions start at zero), and the new expiry, checked
 * by create's own rule. Uploaded images are shared by reference, not stored twice (deleting either
 * Shro keeps a file the other still uses). It counts as a Shro created, as a create would. A source
 * deleted since it was read is 404; one whose image was removed since, 409 (nothing stored).
 */
export async function copyShro(
  deps: ShroDeps,
  shroId: string,
  creator: Actor,
  input: CopyShroInput,
  now = new Date(),
): Promise<Shro> {
  const { aggregate, role } = await findVisibleShro(deps, shroId, creator.id);
  if (role !== 'creator') throw forbidden(COPY_MESSAGES.notCreator);
  const { shro: source, boxes: sourceBoxes } = aggregate;
  if (!source.isShareable) throw badRequest(COPY_MESSAGES.notLink);
  const expiry = parseExpiry(input.expiresAt, now);
  if ('error' in expiry) throw badRequest(expiry.error);

  const id = randomUUID();
  const boxes: NewBoxRow[] = sourceBoxes.map((entry) => {
    const { box } = entry;
    const salt = newSalt();
    return {
      shroId: id,
      position: box.position,
      label: box.label,
      textContent: box.textContent,
      category: box.category,
      tmdbData: box.tmdbData,
      imageKey: box.imageKey,
      imageUrl: box.imageUrl,
      salt,
      commitment: commitBox(salt, committedContentOfStored(entry)),
    };
  });
  const winningSalt = newSalt();

  const imageKeys = [...new Set(boxes.flatMap((box) => (box.imageKey ? [box.imageKey] : [])))];
  await deps.db.transaction(async (tx) => {
    // The source was read from the cache, before this transaction: it or one of its images may
    // have been deleted since (the boxes' image keys have no foreign key). Locked until the copy
    // commits, so none can go meanwhile.
    const still = await lockCopySource(tx, creator.id, source.id, imageKeys);
    if (!still.shro) throw notFound(SHRO_MESSAGES.notFound);
    if (imageKeys.some((key) => !still.imageKeys.has(key))) throw conflict(COPY_MESSAGES.imageGone);
    await insertShro(tx, {
      id,
      title: source.title,
      type: source.type,
      creatorId: creator.id,
      isShareable: true,
      isPublic: false,
      isAnonymous: source.isAnonymous,
      // A fresh key: the copy's viewers get new frames, unrelated to the source's.
      shuffleKey: source.shuffleKey === null ? null : newShuffleKey(),
      hashtags: source.hashtags,
      expiresAt: expiry.value,
      winningBoxPosition: source.winningBoxPosition,
      winningSalt,
      winningCommitment: commitWinningPosition(winningSalt, source.winningBoxPosition),
      createdAt: now,
    });
    await insertBoxes(tx, boxes);
    await bumpStats(
      tx,
      creator.id,
      {
        shrosCreated: 1,
        imageShrosCreated: source.type === 'image' ? 1 : 0,
        textShrosCreated: source.type === 'text' ? 1 : 0,
      },
      { activity: true, now },
    );
  });
  // An achievement unlocked by the copy is a notification of the creator's.
  await notifyUsers(deps, [creator.id]);
  return getShroForViewer(deps, id, creator, now);
}
