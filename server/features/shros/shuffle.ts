import { createHmac, randomBytes } from 'node:crypto';

/**
 * A shuffled Shro's boxes as one viewer sees them (decision 189): their own order and box ids,
 * and their own salts, so their commitments match nobody else's. Everything is derived from the
 * Shro's secret `shuffleKey` and the viewer, so it is stable for that viewer and needs no storage.
 * The creator (and a moderator) see the real boxes; a signed-out visitor has one frame of their own.
 */
export interface ViewerFrame {
  /** The position this viewer sees the box at a real position at. */
  positionOf(realPosition: number): number;
  /** The id this viewer knows the box with a real id by. */
  idOf(realBoxId: number): number;
  /** The salt of this viewer's commitment to the box at a real position. */
  saltOf(realPosition: number): string;
  /** The salt of this viewer's winning-box commitment. */
  winningSalt: string;
}

/** A new Shro's shuffle key: 256 random bits. */
export const newShuffleKey = () => randomBytes(32).toString('hex');

/** Ids a viewer knows boxes by stay within the positive 31-bit range the select input accepts. */
const ID_RANGE = 0x7fffffff;

function viewerFrame(shuffleKey: string, viewerId: string | null): ViewerFrame {
  // A user id is a UUID, so the visitor's name can never be a user's.
  const viewer = viewerId ?? 'visitor';
  const mac = (purpose: string) => createHmac('sha256', shuffleKey).update(`${viewer}\n${purpose}`).digest();

  // Fisher–Yates over the four positions, each swap drawn from 32 bits of the viewer's order seed.
  const seed = mac('order');
  const shown = [1, 2, 3, 4];
  for (let i = shown.length - 1; i > 0; i--) {
    const j = seed.readUInt32BE(i * 4) % (i + 1);
    [shown[i], shown[j]] = [shown[j]!, shown[i]!];
  }
  // shown[k] is the real position this viewer sees at position k + 1.
  const positionByReal = new Map(shown.map((real, k) => [real, k + 1]));

  return {
    positionOf: (realPosition) => positionByReal.get(realPosition) ?? realPosition,
    idOf: (realBoxId) => (mac(`id ${realBoxId}`).readUInt32BE(0) % ID_RANGE) + 1,
    saltOf: (realPosition) => mac(`salt ${realPosition}`).subarray(0, 16).toString('hex'),
    winningSalt: mac('winning').subarray(0, 16).toString('hex'),
  };
}

/** The viewer's frame of a Shro, or null when they see its real boxes (not shuffled, or its creator). */
export function frameFor(
  shro: { shuffleKey: string | null; creatorId: string },
  viewerId: string | null,
): ViewerFrame | null {
  if (shro.shuffleKey === null || (viewerId !== null && viewerId === shro.creatorId)) return null;
  return viewerFrame(shro.shuffleKey, viewerId);
}

/** The box id this viewer knows a real box id by. */
export function viewerBoxId(
  shro: { shuffleKey: string | null; creatorId: string },
  viewerId: string | null,
  realBoxId: number,
): number {
  return frameFor(shro, viewerId)?.idOf(realBoxId) ?? realBoxId;
}
