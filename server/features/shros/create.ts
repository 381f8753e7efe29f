import { randomUUID } from 'node:crypto';
import { imageBoxLabel, textBoxLabel } from '../../../contract/box-labels';
import { isAllowedPosterUrl, posterUrl } from '../../../contract/catalog';
import type { CommittedBoxContent } from '../../../contract/commitment';
import type { CreateShroFields } from '../../../contract/shro-create-input';
import { checkCreateRules, filledTextOptions } from '../../../contract/shro-create-rules';
import type { Shro } from '../../../contract/shro-views';
import { BOXES_PER_SHRO, SHRO_MESSAGES } from '../../../contract/shros';
import { wording } from '../../i18n/catalogs';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { badRequest } from '../../lib/http-errors';
import { type ProcessedImage, reencodeImage } from '../../lib/images';
import { bumpStats } from '../achievements/stats';
import { whichAreFriends } from '../friends/queries';
import { insertNotifications } from '../notifications/queries';
import { NOTIFICATION_TEXTS as TEXTS } from '../notifications/texts';
import { checkUploadQuota, insertUploadsWithinQuota, type StoredImage, storeImages } from '../uploads/service';
import type { UploadStorage } from '../uploads/storage';
import type { Actor, ShroDeps } from './access';
import { commitBox, commitWinningPosition, newSalt } from './commitments';
import { initialModerationStatus } from './content-review';
import { notifyUsers } from './events';
import { nameImageError } from './image-errors';
import { insertBoxes, insertRecipients, insertShro, type NewBoxRow } from './queries';
import { newShuffleKey } from './shuffle';
import { getShroForViewer } from './view';

/** A box's content before it gets a salt and a commitment. */
interface BoxContent {
  label: string | null;
  textContent: string | null;
  category: string | null;
  tmdbData: unknown;
  imageUrl: string | null;
  /** The uploaded file, re-encoded only once every other rule has passed. */
  file: Buffer | null;
}

/** The filled boxes in order (positions 1..n) of a create that passed the content rules. */
function collectContents(fields: CreateShroFields, imageFiles: Buffer[]): BoxContent[] {
  if (fields.type === 'movie' || fields.type === 'tv') {
    return fields.tmdbOptions.map((option) => ({
      label: option.label ?? option.tmdbData.title,
      textContent: null,
      category: null,
      tmdbData: option.tmdbData,
      imageUrl: option.imageUrl ?? posterFromPath(option.tmdbData.poster_path),
      file: null,
    }));
  }
  if (fields.type === 'text') {
    return filledTextOptions(fields.textOptions).map((option, index) => ({
      label: option.label ?? textBoxLabel(index + 1),
      textContent: option.content,
      category: option.category,
      tmdbData: null,
      imageUrl: null,
      file: null,
    }));
  }
  return imageFiles.map((file, index) => ({
    label: fields.labels[index] || imageBoxLabel(index + 1),
    textContent: null,
    category: null,
    tmdbData: null,
    imageUrl: null,
    file,
  }));
}

/** A search result's `poster_path` as an image URL, when it is one we allow. */
function posterFromPath(posterPath: string | null): string | null {
  const url = posterUrl(posterPath);
  return url && isAllowedPosterUrl(url) ? url : null;
}

/** Re-encodes the uploaded images one at a time: decoding is the expensive part, and each may use a lot of memory. */
async function reencodeAll(contents: BoxContent[]): Promise<ProcessedImage[]> {
  const processed: ProcessedImage[] = [];
  for (const [index, content] of contents.entries()) {
    if (!content.file) continue;
    try {
      processed.push(await reencodeImage(content.file));
    } catch (error) {
      // The label is the form's box name ("Box 3") unless the creator gave one.
      const position = index + 1;
      const label = content.label === imageBoxLabel(position) ? undefined : (content.label ?? undefined);
      throw nameImageError(error, { label, position });
    }
  }
  return processed;
}

/** The four box rows with their salts and commitments; positions past the contents stay empty. */
function boxRows(shroId: string, contents: BoxContent[], stored: StoredImage[]): NewBoxRow[] {
  const storedByContent = new Map<BoxContent, StoredImage>(
    contents.filter((c) => c.file).map((content, i) => [content, stored[i]!]),
  );
  const boxes: NewBoxRow[] = [];
  for (let position = 1; position <= BOXES_PER_SHRO; position++) {
    const content = contents[position - 1];
    const image = content ? (storedByContent.get(content) ?? null) : null;
    const committed: CommittedBoxContent = {
      position,
      label: content?.label ?? null,
      textContent: content?.textContent ?? null,
      category: content?.category ?? null,
      tmdbId: (content?.tmdbData as { id?: number } | null)?.id ?? null,
      imageSha256: image ? image.row.sha256 : null,
      imageUrl: image ? null : (content?.imageUrl ?? null),
    };
    const salt = newSalt();
    boxes.push({
      shroId,
      position,
      label: committed.label,
      textContent: committed.textContent,
      category: committed.category,
      tmdbData: content?.tmdbData ?? null,
      imageKey: image?.key ?? null,
      imageUrl: committed.imageUrl,
      salt,
      commitment: commitBox(salt, committed),
    });
  }
  return boxes;
}

/**
 * Creates a Shro: checks every rule of docs/product.md §5, stores re-encoded images, fixes the box and
 * winning commitments, counts the creator's stats and notifies private recipients, all in one
 * transaction. Returns the creator's view.
 */
export async function createShro(
  deps: ShroDeps,
  storage: UploadStorage,
  creator: Actor,
  fields: CreateShroFields,
  imageFiles: Buffer[],
  now = new Date(),
): Promise<Shro> {
  // The rules the web form checks too (contract/shro-create-rules.ts), in docs/product.md §5's order.
  const checked = checkCreateRules(fields, { imageCount: imageFiles.length, creatorId: creator.id, now });
  if ('error' in checked) throw badRequest(checked.error);
  const { delivery } = checked;
  const contents = collectContents(fields, imageFiles);
  const winningPosition = fields.winningBoxPosition;

  const { db } = deps;
  if (delivery.recipientIds.length > 0) {
    const friends = await whichAreFriends(db, creator.id, delivery.recipientIds);
    if (delivery.recipientIds.some((id) => !friends.has(id))) throw badRequest(SHRO_MESSAGES.notFriends);
  }

  // Images last: decoding is the expensive part.
  const processed = await reencodeAll(contents);
  // Within the creator's storage quota: checked before any file is written, and exactly with the rows.
  const incomingBytes = processed.reduce((total, image) => total + image.data.length, 0);
  await checkUploadQuota(db, storage.quotaBytesPerUser, creator.id, incomingBytes);
  const stored = await storeImages(storage, creator.id, 'box', processed);

  const shroId = randomUUID();
  const boxes = boxRows(shroId, contents, stored);
  const winningSalt = newSalt();

  try {
    await db.transaction(async (tx) => {
      await insertUploadsWithinQuota(
        tx,
        storage.quotaBytesPerUser,
        creator.id,
        stored.map((s) => s.row),
      );
      await insertShro(tx, {
        id: shroId,
        title: fields.title,
        type: fields.type,
        creatorId: creator.id,
        isShareable: delivery.isShareable,
        isPublic: delivery.isPublic,
        isAnonymous: fields.isAnonymous,
        shuffleKey: fields.isShuffled ? newShuffleKey() : null,
        hashtags: fields.hashtags,
        expiresAt: delivery.expiresAt,
        winningBoxPosition: winningPosition,
        winningSalt,
        winningCommitment: commitWinningPosition(winningSalt, winningPosition),
        // A public Shro whose text matches the word list waits for review (decision 112).
        moderationStatus: initialModerationStatus(delivery.isPublic, {
          title: fields.title,
          hashtags: fields.hashtags,
          boxes,
        }),
        createdAt: now,
      });
      await insertBoxes(tx, boxes);
      await insertRecipients(tx, shroId, delivery.recipientIds);
      // Movie and TV Shros count as Shros created but feed neither Artist nor Storyteller
      // (docs/decisions/049-stats-on-create-and-pick.md).
      await bumpStats(
        tx,
        creator.id,
        {
          shrosCreated: 1,
          imageShrosCreated: fields.type === 'image' ? 1 : 0,
          textShrosCreated: fields.type === 'text' ? 1 : 0,
        },
        { activity: true, now },
      );
      await insertNotifications(
        tx,
        delivery.recipientIds.map((userId) => ({
          userId,
          type: 'shro_received' as const,
          title: wording(TEXTS.shroReceivedTitle),
          message: wording(TEXTS.shroReceived, { username: creator.username, title: fields.title }),
          shroId,
          actorId: creator.id,
        })),
      );
    });
  } catch (error) {
    await storage.remove(stored.map((s) => s.key)).catch(() => {});
    // A friend who deleted their account mid-request.
    if (isForeignKeyViolation(error)) throw badRequest(SHRO_MESSAGES.notFriends);
    throw error;
  }
  // The creator too: their counters moved, and an achievement unlocked is a notification.
  await notifyUsers(deps, [...delivery.recipientIds, creator.id]);

  return getShroForViewer(deps, shroId, creator, now);
}
