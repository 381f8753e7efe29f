import { createHash, randomBytes } from 'node:crypto';
import { type CommittedBoxContent, canonicalBoxContent, canonicalWinningPosition } from '../../../contract/commitment';

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
