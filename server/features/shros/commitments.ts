import { createHash, randomBytes } from 'node:crypto';
import { type CommittedBoxContent, canonicalBoxContent, canonicalWinningPosition } from '../../../contract/commitment';
import type { BoxWithHash } from './queries';

/**
 * Server side of the checkable reveal. The canonical strings come from contract/commitment.ts, the
 * same module the browser verifies with; hashing here uses node:crypto so a test can check that
 * both implementations agree.
 */

/** 128 random bits as hex: enough that a commitment reveals nothing about its content. */
export const newSalt = () => randomBytes(16).toString('hex');

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function commitBox(salt: string, content: CommittedBoxContent): string {
  return sha256Hex(salt + canonicalBoxContent(content));
}

export function commitWinningPosition(salt: string, position: number | null): string {
  return sha256Hex(salt + canonicalWinningPosition(position));
}

/** What a stored box's commitment covers, at `position` (its own, or where a viewer sees it, decision 189). */
export function committedContentOfStored(
  { box, imageSha256 }: BoxWithHash,
  position = box.position,
): CommittedBoxContent {
  return {
    position,
    label: box.label,
    textContent: box.textContent,
    category: box.category,
    tmdbId: (box.tmdbData as { id?: number } | null)?.id ?? null,
    imageSha256: box.imageKey ? imageSha256 : null,
    imageUrl: box.imageKey ? null : box.imageUrl,
  };
}
