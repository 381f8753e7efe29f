import { z } from 'zod';
import { PRODUCT_NAME } from './product';
import { SHRO_MESSAGES } from './shros';

/**
 * POST /api/sessions/:id/copy ("Share again with a new expiry"): the creator's link Shro copied into
 * a new one, the same title, type, boxes (images by reference), winning box and hashtags, with a new
 * expiry. `expiresAt` follows create's rule (future, at most EXPIRY_MAX_DAYS ahead; null: never).
 */
export const copyShroInputSchema = z.strictObject(
  {
    expiresAt: z
      .string({ error: SHRO_MESSAGES.expiryInvalid })
      .max(40, SHRO_MESSAGES.expiryInvalid)
      .refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success, SHRO_MESSAGES.expiryInvalid)
      .nullable(),
  },
  { error: 'The body must be {expiresAt}: an ISO 8601 date and time, or null for a link that never expires.' },
);
export type CopyShroInput = z.output<typeof copyShroInputSchema>;

export const COPY_MESSAGES = {
  notCreator: `Only its creator can share this ${PRODUCT_NAME} again.`,
  notLink: `Only a shareable link ${PRODUCT_NAME} can be shared again with a new expiry.`,
  imageGone: `An image of this ${PRODUCT_NAME} was just removed, so it cannot be shared again. Create a new one instead.`,
} as const;
