import { z } from 'zod';
import { isAllowedPosterUrl } from './catalog';
import { restaurantCategories } from './restaurants';
import { normaliseHashtags } from './shro-create-rules';
import {
  BOX_LABEL_MAX,
  BOXES_PER_SHRO,
  OPTION_TEXT_MAX,
  RECIPIENTS_MAX,
  SHRO_MESSAGES,
  SHRO_TYPES,
  TITLE_MAX,
} from './shros';
import { formBoolean } from './validation';

/** POST /api/sessions: the create form's fields as the server reads them (docs/product.md §7). */

const INVALID_JSON = Symbol('invalid json');

/** Multipart sends lists as JSON text; a JSON body may send the list itself. Empty means none. */
const jsonList = <T extends z.ZodType>(item: T, message: string, max: number, maxMessage: string) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return [];
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return INVALID_JSON;
      }
    },
    z.array(item, { error: message }).max(max, maxMessage),
  );

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);

/** One text or restaurant option: `content` is the text (the restaurant's name). */
const textOptionSchema = z.strictObject(
  {
    content: optionalText(OPTION_TEXT_MAX, `Each option can be at most ${OPTION_TEXT_MAX} characters.`),
    label: optionalText(BOX_LABEL_MAX, `Box labels can be at most ${BOX_LABEL_MAX} characters.`),
    category: z
      .enum(restaurantCategories, { error: 'Unknown restaurant category.' })
      .nullish()
      .transform((v) => v ?? null),
  },
  { error: 'textOptions must be a JSON list of {content, label, category}' },
);

/** A movie/TV pick as the search returned it (docs/product.md §3 "Movie or TV search result"). */
const tmdbDataSchema = z.strictObject(
  {
    id: z.number({ error: 'tmdbData.id must be a number' }).int().positive().max(2_147_483_647),
    title: z.string({ error: 'tmdbData.title is required' }).trim().min(1).max(300),
    poster_path: z
      .string()
      .max(300)
      .nullish()
      .transform((v) => v ?? null),
    release_date: z
      .string()
      .max(30)
      .nullish()
      .transform((v) => v ?? null),
    vote_average: z
      .number()
      .min(0)
      .max(10)
      .nullish()
      .transform((v) => v ?? null),
  },
  { error: 'tmdbData must be the movie/TV search result' },
);
export type TmdbData = z.output<typeof tmdbDataSchema>;

const tmdbOptionSchema = z.strictObject(
  {
    label: optionalText(BOX_LABEL_MAX, `Box labels can be at most ${BOX_LABEL_MAX} characters.`),
    tmdbData: tmdbDataSchema,
    imageUrl: z
      .string({ error: SHRO_MESSAGES.posterInvalid })
      .max(500, SHRO_MESSAGES.posterInvalid)
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || isAllowedPosterUrl(v), SHRO_MESSAGES.posterInvalid),
  },
  { error: 'tmdbOptions must be a JSON list of {label, tmdbData, imageUrl}' },
);

const recipientIdSchema = z.string({ error: 'recipients must be a JSON list of friend ids' }).trim().min(1).max(100);

/**
 * The text fields of the create form (docs/product.md §7 plus `expiresAt`), as multipart text or JSON.
 * Image files travel beside them as repeated `images` parts with repeated `labels`. Rules that
 * span fields (how many boxes, delivery mode, friends, winning box) are checked by the server.
 */
export const createShroFieldsSchema = z.strictObject({
  title: z
    .string({ error: SHRO_MESSAGES.titleRequired })
    .trim()
    .min(1, SHRO_MESSAGES.titleRequired)
    .max(TITLE_MAX, SHRO_MESSAGES.titleTooLong),
  type: z.enum(SHRO_TYPES, { error: SHRO_MESSAGES.typeInvalid }),
  isShareable: formBoolean('isShareable'),
  isPublic: formBoolean('isPublic'),
  /** Picks count, but nobody (the creator included) learns who opened which box (decision 188). */
  isAnonymous: formBoolean('isAnonymous'),
  /** Each person sees the boxes in their own order under their own ids (decision 189). */
  isShuffled: formBoolean('isShuffled'),
  hashtags: z
    .string({ error: SHRO_MESSAGES.hashtagInvalid })
    .max(2000, SHRO_MESSAGES.hashtagsTooMany)
    .nullish()
    .transform((raw, ctx) => {
      const result = normaliseHashtags(raw);
      if ('error' in result) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.value;
    }),
  friendId: z
    .string({ error: 'friendId must be a user id' })
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || null),
  recipients: jsonList(
    recipientIdSchema,
    'recipients must be a JSON list of friend ids',
    RECIPIENTS_MAX,
    SHRO_MESSAGES.tooManyRecipients,
  ),
  tmdbOptions: jsonList(
    tmdbOptionSchema,
    'tmdbOptions must be a JSON list of {label, tmdbData, imageUrl}',
    BOXES_PER_SHRO,
    SHRO_MESSAGES.tooManyOptions,
  ),
  textOptions: jsonList(
    textOptionSchema,
    'textOptions must be a JSON list of {content, label, category}',
    BOXES_PER_SHRO,
    SHRO_MESSAGES.tooManyOptions,
  ),
  winningBoxPosition: z.preprocess(
    // A form sends text, JSON a number; anything else (an object whose `toString` is no function
    // would make `Number` throw) is left for the number check to refuse.
    (value) =>
      value === undefined || value === null || value === '' || value === 'null'
        ? null
        : typeof value === 'string' || typeof value === 'number'
          ? Number(value)
          : value,
    z.number({ error: SHRO_MESSAGES.winningBoxInvalid }).int(SHRO_MESSAGES.winningBoxInvalid).min(1).max(4).nullable(),
  ),
  expiresAt: z
    .string({ error: SHRO_MESSAGES.expiryInvalid })
    .trim()
    .max(40, SHRO_MESSAGES.expiryInvalid)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || z.iso.datetime({ offset: true }).safeParse(v).success, SHRO_MESSAGES.expiryInvalid),
  /** Labels of the uploaded images, in the order of the `images` parts. */
  labels: z
    .array(z.string().trim().max(BOX_LABEL_MAX, `Box labels can be at most ${BOX_LABEL_MAX} characters.`))
    .max(BOXES_PER_SHRO, SHRO_MESSAGES.tooManyOptions)
    .optional()
    .default([]),
});
export type CreateShroFields = z.output<typeof createShroFieldsSchema>;
