import { z } from 'zod';
import { LOCALE_MESSAGES, LOCALE_PARAM, LOCALES, type Locale, SOURCE_LOCALE } from './locales';

/*
 * A Shro's preview image (docs/decisions/125-shro-preview-image.md). Apart from contract/seo.ts,
 * which the page table and so the first load import: zod stays out of that (decision 094).
 */

/** Its size. */
export const SHRO_PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/**
 * Where a Shro's preview image is served. `version` is its state key: a new one with every change
 * the image shows, so link previews that keep images by URL fetch the new one. `locale` names the
 * language of its words; English, the image's own, names none.
 */
export const shroPreviewImagePath = (shroId: string, version: string, locale: Locale = SOURCE_LOCALE) =>
  `/api/sessions/${encodeURIComponent(shroId)}/preview.png?v=${encodeURIComponent(version)}${locale === SOURCE_LOCALE ? '' : `&${LOCALE_PARAM}=${locale}`}`;

/**
 * `?v=` only tells caches apart; the image is always the Shro's current one. `?lang=` is the
 * language of its words, English without it: only the address decides, so caches keep one image
 * per URL.
 */
export const shroPreviewQuerySchema = z.object({
  v: z.string().max(64, 'The preview version must be at most 64 characters').optional(),
  [LOCALE_PARAM]: z.enum(LOCALES, { error: LOCALE_MESSAGES.unknown }).optional(),
});
