import { z } from 'zod';
import { HISTORY_PAGE_SIZE_DEFAULT, HISTORY_PAGE_SIZE_MAX, REACTION_EMOJIS, SHRO_MESSAGES } from './shros';

/** The other inputs of the game's calls: opening a box, reacting, and the history's query. */

/** POST /api/sessions/:id/select: `boxId` is a JSON integer (a string of digits is refused, issue 10). */
export const selectBoxInputSchema = z.strictObject({
  boxId: z.number({ error: 'Please choose a box.' }).int('Please choose a box.').positive('Please choose a box.'),
});
export type SelectBoxInput = z.input<typeof selectBoxInputSchema>;

/** POST /api/sessions/:id/react — the emoji character itself; a trailing U+FE0F is tolerated. */
export const reactInputSchema = z.strictObject({
  emoji: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().replace(/\uFE0F$/u, '') : value),
    z.enum(REACTION_EMOJIS, { error: SHRO_MESSAGES.emojiInvalid }),
  ),
});

const HISTORY_TABS = ['all', 'sent', 'received'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];

const positiveIntParam = (fallback: number, max: number, message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : Number(value)),
    z.number({ error: message }).int(message).min(1, message).max(max, message),
  );

/** GET /api/sessions query; every parameter is optional (the spec's client sends none). */
export const listShrosQuerySchema = z.object({
  page: positiveIntParam(1, 100_000, 'page must be a whole number from 1'),
  pageSize: positiveIntParam(
    HISTORY_PAGE_SIZE_DEFAULT,
    HISTORY_PAGE_SIZE_MAX,
    `pageSize must be a whole number from 1 to ${HISTORY_PAGE_SIZE_MAX}`,
  ),
  tab: z.preprocess(
    (value) => (value === undefined || value === '' ? 'all' : value),
    z.enum(HISTORY_TABS, { error: 'tab must be all, sent or received' }),
  ),
});
