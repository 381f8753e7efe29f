/**
 * Default box labels (docs/product.md §3), given by the web form and by the server when a create
 * leaves a label out: image boxes are "Box n", text boxes "Option A" to "Option D" by position.
 */

/** "Box n" for the image box at `position` (1-based). */
export const imageBoxLabel = (position: number) => `Box ${position}`;

/** "Option A", "Option B"… for the text box at `position` (1-based). */
export const textBoxLabel = (position: number) => `Option ${String.fromCharCode(64 + position)}`;
