import { z } from 'zod';
import { PRODUCT_NAME, PRODUCT_NAME_PLURAL } from './product';
import { restaurantCategories } from './restaurants';
import { formBoolean } from './validation';

/**
 * The game (a "Shro": four hidden boxes), shared by the server and the web. The API keeps the
 * spec's `/api/sessions` paths; in code the game is never called a "session".
 */

const SHRO_TYPES = ['image', 'text', 'movie', 'tv'] as const;
export type ShroType = (typeof SHRO_TYPES)[number];

/** `expired` is never stored: it is read off `expiresAt` at the time of the request. */
const SHRO_STATUSES = ['waiting', 'selected', 'revealed', 'expired'] as const;
export type ShroStatus = (typeof SHRO_STATUSES)[number];

/** docs/product.md §9: exactly four boxes per Shro, at positions 1–4. */
export const BOXES_PER_SHRO = 4;
/** docs/product.md §5: images or text need at least 2 filled boxes; movie/TV at least 1; restaurants 4. */
export const MIN_FILLED_BOXES = 2;
export const MIN_TITLES = 1;
export const MIN_RESTAURANTS = 4;

/** How a Shro's options are announced: "hid 2 options in 2 mystery boxes", "hid 1 option in 1 mystery box". */
export function hidOptionsPhrase(filled: number): string {
  return filled === 1 ? 'hid 1 option in 1 mystery box' : `hid ${filled} options in ${filled} mystery boxes`;
}

export const TITLE_MAX = 100;
export const OPTION_TEXT_MAX = 200;
const BOX_LABEL_MAX = 100;
const HASHTAGS_MAX = 10;
export const HASHTAG_MAX_LENGTH = 30;
/** Friends one Shro may be sent to. */
const RECIPIENTS_MAX = 50;
/** docs/product.md §9 / §5: 5 MB per image. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Links may expire at most this far ahead. */
export const EXPIRY_MAX_DAYS = 30;

/**
 * A private Shro is `selected` ("Revealing...") for this long after its box is opened, then
 * `revealed`. The server moves it on at the first read after the delay; no timers run.
 */
export const REVEAL_DELAY_MS = 3000;

/** The 8 reactions of docs/product.md §9, sent as the characters themselves (§4), in picker order. */
export const REACTION_EMOJIS = ['😍', '😂', '😢', '😱', '🤔', '👍', '👎', '🔥'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];

/** GET /api/sessions paging (history). */
export const HISTORY_PAGE_SIZE_DEFAULT = 10;
const HISTORY_PAGE_SIZE_MAX = 50;
/** The creator's participants list holds at most this many (newest first); counts stay exact. */
export const PARTICIPANTS_LIST_MAX = 200;

/** docs/product.md §5 and §8 wording, plus our own for what those do not cover. */
export const SHRO_MESSAGES = {
  titleRequired: `Please enter a title for your ${PRODUCT_NAME}.`,
  titleTooLong: `Title must be at most ${TITLE_MAX} characters.`,
  typeInvalid: `Please choose a ${PRODUCT_NAME} type: image, text, movie or tv.`,
  titlesRequired: 'Please select at least one movie/TV show to create boxes.',
  restaurantsRequired: `Please add at least ${MIN_RESTAURANTS} restaurants.`,
  optionsRequired: `Please add at least ${MIN_FILLED_BOXES} images/text options to create a ${PRODUCT_NAME}.`,
  tooManyOptions: `A ${PRODUCT_NAME} has ${BOXES_PER_SHRO} boxes: add at most ${BOXES_PER_SHRO} options.`,
  recipientsRequired: 'Please select at least one friend to send to, enable shareable link, or share publicly.',
  friendsAndLink: 'Send to friends or make a shareable link, not both.',
  notFriends: `You can only send a ${PRODUCT_NAME} to your friends.`,
  tooManyRecipients: `A ${PRODUCT_NAME} can be sent to at most ${RECIPIENTS_MAX} friends.`,
  imageType: 'Please select an image file.',
  imageTooLarge: 'File size too large. Please select a file under 5MB.',
  imageDimensions: 'This image is too large. Please select an image under 50 megapixels.',
  imagesOnlyForImageType: `Images can only be added to an image ${PRODUCT_NAME}.`,
  winningBoxInvalid: 'The winning box must be one of the filled boxes (1–4).',
  expiryInvalid: 'The expiry time must be a date and time (ISO 8601).',
  expiryPast: 'The expiry time must be in the future.',
  expiryTooFar: `A link can stay open for at most ${EXPIRY_MAX_DAYS} days.`,
  expiryNotShareable: 'Only shareable links can have an expiry time.',
  hashtagsTooMany: `Add at most ${HASHTAGS_MAX} hashtags.`,
  hashtagInvalid: `Hashtags may only contain letters, numbers and underscores, up to ${HASHTAG_MAX_LENGTH} characters each.`,
  posterInvalid: 'Movie/TV posters must come from the movie search.',
  titleRepeated: 'Each movie/TV show can only be picked once.',
  notFound: `This ${PRODUCT_NAME} doesn't exist or you don't have access to it.`,
  boxInvalid: `That box is not part of this ${PRODUCT_NAME}.`,
  boxEmpty: 'That box is empty. Please pick another one.',
  alreadySelected: 'You already selected a box! You can only choose one.',
  expired: `This ${PRODUCT_NAME} has expired`,
  ownShroSelect: `You can't open a box of your own ${PRODUCT_NAME}.`,
  ownShroReact: `You can't react to your own ${PRODUCT_NAME}.`,
  reactBeforeOpening: 'Open a box before reacting.',
  emojiInvalid: `Please pick one of the reactions: ${REACTION_EMOJIS.join(' ')}`,
  formUnreadable: 'The form could not be read. Please try again.',
} as const;

/**
 * Hashtags as stored and returned: lower case, no `#`, no spaces, unique, comma separated
 * (`"pizza,friday_night"`), or null when there are none.
 */
export function normaliseHashtags(raw: string | null | undefined): { value: string | null } | { error: string } {
  const tags: string[] = [];
  for (const part of (raw ?? '').split(',')) {
    const tag = part.trim().replace(/^#+/, '').toLowerCase();
    if (!tag) continue;
    if (tag.length > HASHTAG_MAX_LENGTH || !/^[\p{L}\p{N}_]+$/u.test(tag))
      return { error: SHRO_MESSAGES.hashtagInvalid };
    if (!tags.includes(tag)) tags.push(tag);
  }
  if (tags.length > HASHTAGS_MAX) return { error: SHRO_MESSAGES.hashtagsTooMany };
  return { value: tags.length ? tags.join(',') : null };
}

/** Movie/TV box images: TMDB's image CDN, or the offline catalogue's own placeholder posters. */
export function isAllowedPosterUrl(url: string): boolean {
  return (
    /^https:\/\/image\.tmdb\.org\/t\/p\/[A-Za-z0-9_]+\/[A-Za-z0-9_-]+\.(?:jpe?g|png|webp|svg)$/.test(url) ||
    /^\/api\/catalog\/posters\/(?:movie|tv)\/\d{1,9}\.png$/.test(url)
  );
}

// ---- POST /api/sessions -------------------------------------------------------------------

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
    (value) => (value === undefined || value === null || value === '' || value === 'null' ? null : Number(value)),
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

// ---- other calls --------------------------------------------------------------------------

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

// ---- responses ----------------------------------------------------------------------------

/**
 * Who is looking: the creator; a friend the private Shro was sent to; a signed-in user who opened
 * a box of a link/public Shro; a signed-in user who has not; a signed-out visitor.
 */
export type ViewerRole = 'creator' | 'recipient' | 'participant' | 'viewer' | 'visitor';

/**
 * One box. Content fields (`label`, `imageUrl`, `textContent`, `category`, `tmdbData`,
 * `imageSha256`, `salt`) are null unless the viewer may see this box: the creator sees every
 * box, a participant only the box they opened, anyone else none. `commitment`, `position`
 * and `isEmpty` are public.
 */
export interface ShroBox {
  id: number;
  position: number;
  label: string | null;
  /** `/api/uploads/<key>` for uploads, a poster URL for movie/TV. */
  imageUrl: string | null;
  textContent: string | null;
  category: string | null;
  tmdbData: TmdbData | null;
  /** Uploaded images: SHA-256 of the served bytes (part of the commitment). */
  imageSha256: string | null;
  /** A box the creator left unfilled: it holds nothing and cannot be opened (docs/decisions/003-box-filling.md). */
  isEmpty: boolean;
  /** Opened: by this viewer (participant), or by anyone (creator). */
  isRevealed: boolean;
  /** The viewer's `selectedBoxId`. */
  isSelected: boolean;
  /** hex SHA-256(salt ‖ canonical content), fixed at creation; see contract/commitment.ts. */
  commitment: string;
  salt: string | null;
  /** Creator only: how many participants opened this box (null for everyone else). */
  selectionCount: number | null;
}

export interface ShroParticipant {
  userId: string;
  username: string;
  selectedBoxId: number;
  selectedBoxPosition: number;
  /** The participant's reaction, if any. */
  reaction: ReactionEmoji | null;
  /** When the box was opened. */
  createdAt: string;
}

export interface ShroUserRef {
  id: string;
  username: string;
}

/**
 * GET /api/sessions/:id, and the answer of create (201) and select: the Shro as this viewer
 * may see it (docs/product.md §3, §4 "Boxes stay hidden").
 */
export interface Shro {
  id: string;
  title: string;
  type: ShroType;
  /**
   * Waiting / selected ("Revealing...") / revealed / expired. Private Shros: for the creator the
   * first opened box drives it; for a recipient, their own box. Link and public Shros stay
   * `waiting` until they expire.
   */
  status: ShroStatus;
  creatorId: string;
  creator: { id: string; username: string; profileImageUrl: string | null };
  /** First recipient of a private Shro (null otherwise). */
  recipient: { username: string } | null;
  /** Private Shros: every recipient for the creator; just the viewer for a recipient. */
  recipients: ShroUserRef[];
  isShareable: boolean;
  isPublic: boolean;
  createdAt: string;
  expiresAt: string | null;
  /** The viewer's opened box; for the creator of a private Shro, the first box opened. */
  selectedBoxId: number | null;
  /** Creator always; a participant once they opened a box; otherwise null. */
  winningBoxId: number | null;
  winningBoxPosition: number | null;
  /** Revealed with the winning box, so `winningCommitment` can be checked. */
  winningSalt: string | null;
  winningCommitment: string;
  /** Username of whoever opened `selectedBoxId`. */
  selectedByUser: string | null;
  /** True when the viewer opened a box and a winning box was set: did they find it? */
  isCorrect: boolean | null;
  boxes: ShroBox[];
  /**
   * Creator: everyone who opened a box (newest first, at most PARTICIPANTS_LIST_MAX).
   * Anyone else: only their own entry once they opened a box (others see `participantCount`).
   */
  participants: ShroParticipant[];
  participantCount: number;
  /** Comma-separated, lower case, without `#` (see normaliseHashtags), or null. */
  hashtags: string | null;
  myReaction: ReactionEmoji | null;
  /** Creator only: how many of each reaction came in (empty for everyone else). */
  reactions: { emoji: ReactionEmoji; count: number }[];
  viewerRole: ViewerRole;
  hasSelected: boolean;
}

/** One history card (GET /api/sessions items). */
export interface ShroListItem {
  id: string;
  title: string;
  type: ShroType;
  /** As the viewer sees it (see Shro.status). */
  status: ShroStatus;
  createdAt: string;
  expiresAt: string | null;
  /** `sent`: the viewer created it; `received`: sent to them, or they joined it by link/explore. */
  direction: 'sent' | 'received';
  isPublic: boolean;
  isShareable: boolean;
  /** The same as `creator.id`, as the detail view (Shro.creatorId) has it. */
  creatorId: string;
  creator: { id: string; username: string; profileImageUrl: string | null };
  /** First recipient (for "@username"), null for link/public Shros. */
  recipient: { username: string } | null;
  /** Private Shros: every recipient for the creator; just the viewer for a recipient. */
  recipients: ShroUserRef[];
  /** For "N friends" on sent cards (0 for link/public Shros). */
  recipientCount: number;
  participantCount: number;
  hasSelected: boolean;
  hashtags: string | null;
}

/**
 * GET /api/sessions?page=&pageSize=&tab=all|sent|received — the viewer's history, newest first,
 * without the ones they removed. Without parameters: page 1 of `all`, 10 per page.
 */
export interface ShroListResponse {
  items: ShroListItem[];
  /** Items in the requested tab. */
  total: number;
  counts: { all: number; sent: number; received: number };
  page: number;
  pageSize: number;
}

/** POST /api/sessions/:id/react */
export interface ReactResponse {
  success: true;
  emoji: ReactionEmoji;
  /** True when this replaced an earlier reaction of the same user. */
  replaced: boolean;
}

/** DELETE /api/sessions/:id — `deleted` for the creator, `hidden` for a recipient/participant. */
export interface DeleteShroResponse {
  success: true;
  result: 'deleted' | 'hidden';
}

/** "Showing X to Y of Z Shros" (docs/product.md §2 History). */
export function historyRangeText(page: number, pageSize: number, total: number): string {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} ${PRODUCT_NAME_PLURAL}`;
}
