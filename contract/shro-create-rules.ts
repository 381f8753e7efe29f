import {
  BOXES_PER_SHRO,
  EXPIRY_MAX_DAYS,
  HASHTAG_MAX_LENGTH,
  HASHTAGS_MAX,
  hashtagInvalidMessage,
  MIN_FILLED_BOXES,
  MIN_RESTAURANTS,
  MIN_TITLES,
  SHRO_MESSAGES,
  type ShroType,
} from './shros';

/**
 * The create rules of docs/product.md §4 and §5 that span fields (how many boxes each type needs,
 * delivery, expiry, winning box, hashtags), as pure functions: the server enforces them and the
 * web form checks the same ones before it sends (docs/decisions/091-shro-modules.md).
 */

/** What the rules read of a create: the parsed create fields (`CreateShroFields`) or the web form's request. */
export interface CreateRulesInput {
  type: ShroType;
  isPublic: boolean;
  isShareable: boolean;
  recipients: readonly string[];
  /** docs/product.md §7 `friendId`: one more recipient, the friend a friend-targeted create was opened for. */
  friendId?: string | null;
  expiresAt?: string | null;
  tmdbOptions: readonly { tmdbData: { id: number } }[];
  textOptions: readonly { content: string | null; category?: string | null }[];
  winningBoxPosition: number | null;
}

/** How the Shro reaches people: public, a link (maybe expiring), or chosen friends. */
export interface Delivery {
  isPublic: boolean;
  isShareable: boolean;
  recipientIds: string[];
  expiresAt: Date | null;
}

/** Where a broken rule belongs on the form. */
export type CreateRuleField = 'boxes' | 'recipients' | 'expiresAt' | 'winningBox';

export type CreateRuleError = { error: string; field: CreateRuleField };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Hashtags as stored and returned: lower case, no `#`, no spaces, unique, comma separated
 * (`"pizza,friday_night"`), or null when there are none.
 */
export function normaliseHashtags(raw: string | null | undefined): { value: string | null } | { error: string } {
  const tags: string[] = [];
  for (const part of (raw ?? '').split(',')) {
    // A leading "#" is how people write tags: it is dropped, as are case and surrounding spaces.
    const tag = part.trim().replace(/^#+/, '').toLowerCase();
    if (!tag) continue;
    if (tag.length > HASHTAG_MAX_LENGTH || !/^[\p{L}\p{N}_]+$/u.test(tag))
      return { error: hashtagInvalidMessage(part.trim()) };
    if (!tags.includes(tag)) tags.push(tag);
  }
  if (tags.length > HASHTAGS_MAX) return { error: SHRO_MESSAGES.hashtagsTooMany };
  return { value: tags.length ? tags.join(',') : null };
}

/** The text options that hold something, in order: they fill boxes 1..n. */
export function filledTextOptions<T extends { content: string | null }>(options: readonly T[]): T[] {
  return options.filter((option) => option.content);
}

/** How many boxes the create fills: titles, filled text options, or uploaded images by type. */
export function filledOptionCount(
  input: Pick<CreateRulesInput, 'type' | 'tmdbOptions' | 'textOptions'>,
  imageCount: number,
) {
  if (input.type === 'movie' || input.type === 'tv') return input.tmdbOptions.length;
  if (input.type === 'text') return filledTextOptions(input.textOptions).length;
  return imageCount;
}

/** docs/product.md §5 content rules per type: the first one broken, as its message, or null. */
export function contentRuleError(
  input: Pick<CreateRulesInput, 'type' | 'tmdbOptions' | 'textOptions'>,
  imageCount: number,
): string | null {
  if (input.type !== 'image' && imageCount > 0) return SHRO_MESSAGES.imagesOnlyForImageType;
  if (input.type === 'movie' || input.type === 'tv') {
    if (input.tmdbOptions.length < MIN_TITLES) return SHRO_MESSAGES.titlesRequired;
    const ids = input.tmdbOptions.map((option) => option.tmdbData.id);
    return new Set(ids).size === ids.length ? null : SHRO_MESSAGES.titleRepeated;
  }
  const filled = filledOptionCount(input, imageCount);
  if (input.type === 'text' && input.textOptions.some((o) => o.category) && filled < MIN_RESTAURANTS)
    return SHRO_MESSAGES.restaurantsRequired;
  if (filled < MIN_FILLED_BOXES) return SHRO_MESSAGES.optionsRequired;
  if (filled > BOXES_PER_SHRO) return SHRO_MESSAGES.tooManyOptions;
  return null;
}

/** A Shro's deadline: in the future and at most EXPIRY_MAX_DAYS ahead; none when not given. */
export function parseExpiry(raw: string | null | undefined, now: Date): { value: Date | null } | { error: string } {
  if (!raw) return { value: null };
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) return { error: SHRO_MESSAGES.expiryInvalid };
  if (at.getTime() <= now.getTime()) return { error: SHRO_MESSAGES.expiryPast };
  if (at.getTime() > now.getTime() + EXPIRY_MAX_DAYS * DAY_MS) return { error: SHRO_MESSAGES.expiryTooFar };
  return { value: at };
}

/**
 * docs/product.md §4: public clears link and friends; otherwise exactly one of friends or a link.
 * `creatorId` (null on the web, which never lists its own user) may not be among the recipients.
 */
export function chooseDelivery(
  input: Pick<CreateRulesInput, 'isPublic' | 'isShareable' | 'recipients' | 'friendId' | 'expiresAt'>,
  creatorId: string | null,
  now: Date,
): { delivery: Delivery } | CreateRuleError {
  // Every delivery may have a deadline (issue 40, decision 186), checked by the same rule.
  const expiry = parseExpiry(input.expiresAt, now);
  if (input.isPublic) {
    if ('error' in expiry) return { error: expiry.error, field: 'expiresAt' };
    return { delivery: { isPublic: true, isShareable: false, recipientIds: [], expiresAt: expiry.value } };
  }
  const recipientIds = [...new Set([...input.recipients, ...(input.friendId ? [input.friendId] : [])])];
  if (recipientIds.length > 0) {
    if (input.isShareable) return { error: SHRO_MESSAGES.friendsAndLink, field: 'recipients' };
    if (creatorId !== null && recipientIds.includes(creatorId))
      return { error: SHRO_MESSAGES.notFriends, field: 'recipients' };
    if ('error' in expiry) return { error: expiry.error, field: 'expiresAt' };
    return { delivery: { isPublic: false, isShareable: false, recipientIds, expiresAt: expiry.value } };
  }
  if (!input.isShareable) return { error: SHRO_MESSAGES.recipientsRequired, field: 'recipients' };
  if ('error' in expiry) return { error: expiry.error, field: 'expiresAt' };
  return { delivery: { isPublic: false, isShareable: true, recipientIds: [], expiresAt: expiry.value } };
}

/**
 * Every create rule that spans fields, in docs/product.md §5's order (content, then recipients,
 * then the winning box): the first one broken, or how the Shro is delivered. Whether the
 * recipients are the creator's friends needs the database and stays on the server.
 */
export function checkCreateRules(
  input: CreateRulesInput,
  options: { imageCount: number; creatorId: string | null; now: Date },
): { delivery: Delivery } | CreateRuleError {
  const content = contentRuleError(input, options.imageCount);
  if (content) return { error: content, field: 'boxes' };
  const delivery = chooseDelivery(input, options.creatorId, options.now);
  if ('error' in delivery) return delivery;
  const position = input.winningBoxPosition;
  if (position !== null && position > filledOptionCount(input, options.imageCount))
    return { error: SHRO_MESSAGES.winningBoxInvalid, field: 'winningBox' };
  return delivery;
}
