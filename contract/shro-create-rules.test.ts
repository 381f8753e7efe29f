import { describe, expect, it } from 'vitest';
import {
  type CreateRulesInput,
  checkCreateRules,
  chooseDelivery,
  contentRuleError,
  filledOptionCount,
  parseExpiry,
} from './shro-create-rules';
import { SHRO_MESSAGES } from './shros';

const now = new Date('2026-11-22T12:00:00Z');
const hoursLater = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

const text = (...contents: (string | null)[]) => contents.map((content) => ({ content, category: null }));
const titles = (...ids: number[]) => ids.map((id) => ({ tmdbData: { id } }));

const base: CreateRulesInput = {
  type: 'text',
  isPublic: false,
  isShareable: true,
  recipients: [],
  friendId: null,
  expiresAt: null,
  tmdbOptions: [],
  textOptions: text('Pizza', 'Sushi'),
  winningBoxPosition: null,
};

describe('contentRuleError (docs/product.md §5)', () => {
  it('text needs 2 filled options; empty ones do not count', () => {
    expect(contentRuleError({ ...base, textOptions: text('Pizza', null, '') }, 0)).toBe(SHRO_MESSAGES.optionsRequired);
    expect(contentRuleError({ ...base, textOptions: text('Pizza', null, 'Tacos') }, 0)).toBeNull();
    expect(filledOptionCount({ ...base, textOptions: text('Pizza', null, 'Tacos') }, 0)).toBe(2);
  });

  it('restaurants need 4', () => {
    const three = ['A', 'B', 'C'].map((content) => ({ content, category: 'Pizza' }));
    expect(contentRuleError({ ...base, textOptions: three }, 0)).toBe(SHRO_MESSAGES.restaurantsRequired);
    expect(contentRuleError({ ...base, textOptions: [...three, { content: 'D', category: 'Pizza' }] }, 0)).toBeNull();
  });

  it('movie/TV needs 1 title, each at most once', () => {
    expect(contentRuleError({ ...base, type: 'movie', tmdbOptions: [] }, 0)).toBe(SHRO_MESSAGES.titlesRequired);
    expect(contentRuleError({ ...base, type: 'tv', tmdbOptions: titles(7) }, 0)).toBeNull();
    expect(contentRuleError({ ...base, type: 'movie', tmdbOptions: titles(7, 7) }, 0)).toBe(
      SHRO_MESSAGES.titleRepeated,
    );
  });

  it('images: 2 to 4 files, and only in an image Shro', () => {
    const image = { ...base, type: 'image' as const, textOptions: [] };
    expect(contentRuleError(image, 1)).toBe(SHRO_MESSAGES.optionsRequired);
    expect(contentRuleError(image, 2)).toBeNull();
    expect(contentRuleError(image, 5)).toBe(SHRO_MESSAGES.tooManyOptions);
    expect(contentRuleError(base, 1)).toBe(SHRO_MESSAGES.imagesOnlyForImageType);
  });
});

describe('chooseDelivery (docs/product.md §4)', () => {
  it('public clears the link and the friends, and keeps its deadline (issue 40)', () => {
    const result = chooseDelivery({ ...base, isPublic: true, recipients: ['f1'], expiresAt: hoursLater(1) }, 'me', now);
    expect(result).toEqual({
      delivery: { isPublic: true, isShareable: false, recipientIds: [], expiresAt: new Date(hoursLater(1)) },
    });
    expect(chooseDelivery({ ...base, isPublic: true, expiresAt: hoursLater(-1) }, 'me', now)).toEqual({
      error: SHRO_MESSAGES.expiryPast,
      field: 'expiresAt',
    });
  });

  it('friends: the recipients and friendId once each, never with a link or the creator, with a deadline if any', () => {
    const friends = { ...base, isShareable: false, recipients: ['f1', 'f2'], friendId: 'f1' };
    expect(chooseDelivery(friends, 'me', now)).toEqual({
      delivery: { isPublic: false, isShareable: false, recipientIds: ['f1', 'f2'], expiresAt: null },
    });
    expect(chooseDelivery({ ...friends, isShareable: true }, 'me', now)).toEqual({
      error: SHRO_MESSAGES.friendsAndLink,
      field: 'recipients',
    });
    expect(chooseDelivery({ ...friends, expiresAt: hoursLater(1) }, 'me', now)).toEqual({
      delivery: { isPublic: false, isShareable: false, recipientIds: ['f1', 'f2'], expiresAt: new Date(hoursLater(1)) },
    });
    expect(chooseDelivery({ ...friends, expiresAt: hoursLater(-1) }, 'me', now)).toEqual({
      error: SHRO_MESSAGES.expiryPast,
      field: 'expiresAt',
    });
    expect(chooseDelivery({ ...friends, recipients: ['me'] }, 'me', now)).toEqual({
      error: SHRO_MESSAGES.notFriends,
      field: 'recipients',
    });
  });

  it('neither friends nor a link is refused; a link may expire', () => {
    expect(chooseDelivery({ ...base, isShareable: false }, null, now)).toEqual({
      error: SHRO_MESSAGES.recipientsRequired,
      field: 'recipients',
    });
    expect(chooseDelivery({ ...base, expiresAt: hoursLater(24) }, null, now)).toEqual({
      delivery: { isPublic: false, isShareable: true, recipientIds: [], expiresAt: new Date(hoursLater(24)) },
    });
  });
});

describe('parseExpiry', () => {
  it('must be a date in the future, at most 30 days ahead', () => {
    expect(parseExpiry(null, now)).toEqual({ value: null });
    expect(parseExpiry('soon', now)).toEqual({ error: SHRO_MESSAGES.expiryInvalid });
    expect(parseExpiry(now.toISOString(), now)).toEqual({ error: SHRO_MESSAGES.expiryPast });
    expect(parseExpiry(hoursLater(30 * 24), now)).toEqual({ value: new Date(hoursLater(30 * 24)) });
    expect(parseExpiry(hoursLater(30 * 24 + 1), now)).toEqual({ error: SHRO_MESSAGES.expiryTooFar });
  });
});

describe('checkCreateRules', () => {
  it('reports the first broken rule in the spec order: content, recipients, winning box', () => {
    const everythingWrong = { ...base, isShareable: false, textOptions: text('Only one'), winningBoxPosition: 4 };
    expect(checkCreateRules(everythingWrong, { imageCount: 0, creatorId: null, now })).toEqual({
      error: SHRO_MESSAGES.optionsRequired,
      field: 'boxes',
    });
    const contentFine = { ...everythingWrong, textOptions: text('A', 'B') };
    expect(checkCreateRules(contentFine, { imageCount: 0, creatorId: null, now })).toEqual({
      error: SHRO_MESSAGES.recipientsRequired,
      field: 'recipients',
    });
    expect(checkCreateRules({ ...contentFine, isShareable: true }, { imageCount: 0, creatorId: null, now })).toEqual({
      error: SHRO_MESSAGES.winningBoxInvalid,
      field: 'winningBox',
    });
  });

  it('the winning box must be one of the filled boxes', () => {
    const options = { imageCount: 0, creatorId: 'me', now };
    expect(checkCreateRules({ ...base, winningBoxPosition: 2 }, options)).toEqual({
      delivery: { isPublic: false, isShareable: true, recipientIds: [], expiresAt: null },
    });
    expect(checkCreateRules({ ...base, winningBoxPosition: 3 }, options)).toMatchObject({ field: 'winningBox' });
  });
});
