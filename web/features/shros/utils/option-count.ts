import type { ShroBox } from '@contract/shro-views';

/**
 * The boxes a participant can open: a Shro with fewer than four options keeps empty boxes
 * (docs/decisions/003-box-filling.md) that only the creator needs to see. Their commitments still
 * come with the Shro and are still checked; they are just not offered.
 */
export const filledBoxes = <T extends Pick<ShroBox, 'isEmpty'>>(boxes: T[]): T[] => boxes.filter((b) => !b.isEmpty);
