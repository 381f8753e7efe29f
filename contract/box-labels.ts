import { BOXES_PER_SHRO } from './shros';

/**
 * Default box labels (docs/product.md §3), given by the web form and by the server when a create
 * leaves a label out: image boxes are "Box n", text boxes "Option A" to "Option D" by position.
 */

/** "Box n" for the image box at `position` (1-based). */
export const imageBoxLabel = (position: number) => `Box ${position}`;

/** "A" to "D", the letter of the text box at `position` (1-based). */
export const textBoxLetter = (position: number) => String.fromCharCode(64 + position);

/** "Option A", "Option B"… for the text box at `position` (1-based). */
export const textBoxLabel = (position: number) => `Option ${textBoxLetter(position)}`;

/**
 * Which default label `label` is, if it is one: a reader sees it in their language, while the
 * Shro keeps the English one the spec names (a creator's own label is shown as written).
 */
export function defaultBoxLabel(label: string): { kind: 'image' | 'text'; position: number } | null {
  for (let position = 1; position <= BOXES_PER_SHRO; position++) {
    if (label === imageBoxLabel(position)) return { kind: 'image', position };
    if (label === textBoxLabel(position)) return { kind: 'text', position };
  }
  return null;
}
