import { z } from 'zod';

/*
 * A Shro's preview image (docs/decisions/125-shro-preview-image.md). Apart from contract/seo.ts,
 * which the page table and so the first load import: zod stays out of that (decision 094).
 */

/** Its size. */
export const SHRO_PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/**
 * Where a Shro's preview image is served. `version` is its state key: a new one with every change
 * the image shows, so link previews that keep images by URL fetch the new one.
 */
export const shroPreviewImagePath = (shroId: string, version: string) =>
  `/api/sessions/${encodeURIComponent(shroId)}/preview.png?v=${encodeURIComponent(version)}`;

/** `?v=` only tells caches apart; the image is always the Shro's current one. */
export const shroPreviewQuerySchema = z.object({
  v: z.string().max(64, 'The preview version must be at most 64 characters').optional(),
});
