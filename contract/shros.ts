import { PRODUCT_NAME } from './product';

/**
 * The game (a "Shro": four hidden boxes), shared by the server and the web. The API keeps the
 * spec's `/api/sessions` paths; in code the game is never called a "session".
 */

export const SHRO_TYPES = ['image', 'text', 'movie', 'tv'] as const;
export type ShroType = (typeof SHRO_TYPES)[number];

/** `expired` is never stored: it is read off `expiresAt` at the time of the request. */
export const SHRO_STATUSES = ['waiting', 'selected', 'revealed', 'expired'] as const;
export type ShroStatus = (typeof SHRO_STATUSES)[number];

/** docs/product.md §9: exactly four boxes per Shro, at positions 1–4. */
export const BOXES_PER_SHRO = 4;
/** docs/product.md §5: images or text need at least 2 filled boxes; movie/TV at least 1; restaurants 4. */
export const MIN_FILLED_BOXES = 2;
export const MIN_TITLES = 1;
export const MIN_RESTAURANTS = 4;

export const TITLE_MAX = 100;
export const OPTION_TEXT_MAX = 200;
export const BOX_LABEL_MAX = 100;
export const HASHTAGS_MAX = 10;
export const HASHTAG_MAX_LENGTH = 30;
/** Friends one Shro may be sent to. */
export const RECIPIENTS_MAX = 50;
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
export const HISTORY_PAGE_SIZE_MAX = 50;
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

/** How much of a refused hashtag its message quotes. */
const QUOTED_TAG_MAX = 40;

/** The create's refusal of one hashtag: names the tag as typed, then the rule. */
export function hashtagInvalidMessage(tag: string): string {
  const quoted = tag.length > QUOTED_TAG_MAX ? `${tag.slice(0, QUOTED_TAG_MAX)}…` : tag;
  return `"${quoted}" can't be a hashtag. ${SHRO_MESSAGES.hashtagInvalid}`;
}

/** The items a history page shows, numbered from 1: "Showing X to Y of Z Shros" (docs/product.md §2 History). */
export function historyRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  return { from: total === 0 ? 0 : (page - 1) * pageSize + 1, to: Math.min(page * pageSize, total) };
}
