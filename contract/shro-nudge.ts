import { z } from 'zod';
import { PRODUCT_NAME } from './product';

/** A creator nudges a private Shro's recipients at most once per this many hours (issue 40). */
export const NUDGE_INTERVAL_HOURS = 12;

/** POST /api/sessions/:id/nudge → 202: how many recipients who had not opened it were told. */
export const nudgeResultSchema = z.object({ nudged: z.number().int().nonnegative() });
export type NudgeResult = z.output<typeof nudgeResultSchema>;

export const NUDGE_MESSAGES = {
  notCreator: `Only its creator can nudge the recipients of this ${PRODUCT_NAME}.`,
  notPrivate: `Only the recipients of a private ${PRODUCT_NAME} can be nudged.`,
  /** With `Retry-After`: the seconds until the next nudge is allowed. */
  tooSoon: `You already nudged this ${PRODUCT_NAME} recently. You can nudge again ${NUDGE_INTERVAL_HOURS} hours after the last nudge.`,
} as const;
