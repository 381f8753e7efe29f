import { describe, expect, it } from 'vitest';
import { createShroFieldsSchema } from './shro-create-input';
import { normaliseHashtags } from './shro-create-rules';
import { listShrosQuerySchema, reactInputSchema, selectBoxInputSchema } from './shro-inputs';
import { hashtagInvalidMessage, historyRange, REACTION_EMOJIS, SHRO_MESSAGES } from './shros';

describe('normaliseHashtags', () => {
  it('lower-cases, strips # and spaces, drops empties and duplicates', () => {
    expect(normaliseHashtags(' #Pizza, friday_Night ,,#pizza, Été ')).toEqual({ value: 'pizza,friday_night,été' });
    expect(normaliseHashtags('')).toEqual({ value: null });
    expect(normaliseHashtags(undefined)).toEqual({ value: null });
  });

  it('refuses odd characters, long tags and more than 10 tags', () => {
    expect(normaliseHashtags('no spaces')).toEqual({ error: hashtagInvalidMessage('no spaces') });
    expect(normaliseHashtags('a-b')).toEqual({ error: hashtagInvalidMessage('a-b') });
    expect(normaliseHashtags('x'.repeat(31))).toEqual({ error: hashtagInvalidMessage('x'.repeat(31)) });
    // The message names the tag as typed (the first bad one) and states the rule.
    expect(normaliseHashtags('#pizza, Friday Night, food')).toEqual({
      error: `"Friday Night" can't be a hashtag. ${SHRO_MESSAGES.hashtagInvalid}`,
    });
    expect(hashtagInvalidMessage('y'.repeat(50))).toBe(
      `"${'y'.repeat(40)}…" can't be a hashtag. ${SHRO_MESSAGES.hashtagInvalid}`,
    );
    expect(normaliseHashtags('x'.repeat(30))).toEqual({ value: 'x'.repeat(30) });
    const eleven = Array.from({ length: 11 }, (_, i) => `t${i}`).join(',');
    expect(normaliseHashtags(eleven)).toEqual({ error: SHRO_MESSAGES.hashtagsTooMany });
  });
});

describe('createShroFieldsSchema', () => {
  it('reads multipart text: booleans, JSON lists and numbers', () => {
    const parsed = createShroFieldsSchema.parse({
      title: '  Movie Night Decision ',
      type: 'text',
      isShareable: 'true',
      isPublic: 'false',
      textOptions: JSON.stringify([{ content: 'A' }, { content: ' ', label: '' }]),
      recipients: '["u1","u2"]',
      winningBoxPosition: '2',
      hashtags: '#Fun',
    });
    expect(parsed).toMatchObject({
      title: 'Movie Night Decision',
      isShareable: true,
      isPublic: false,
      recipients: ['u1', 'u2'],
      winningBoxPosition: 2,
      hashtags: 'fun',
      textOptions: [
        { content: 'A', label: null, category: null },
        { content: null, label: null, category: null },
      ],
    });
  });

  it('gives the spec message for a blank title', () => {
    const result = createShroFieldsSchema.safeParse({ title: '   ', type: 'text' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('Please enter a title for your Shro.');
  });

  it('rejects malformed JSON lists with a message naming the field', () => {
    const result = createShroFieldsSchema.safeParse({ title: 'x', type: 'text', recipients: '[oops' });
    expect(result.error!.issues[0]!.message).toMatch(/recipients/);
  });
});

describe('small call schemas', () => {
  it('select takes an integer boxId and nothing else (a string of digits is refused, issue 10)', () => {
    expect(selectBoxInputSchema.parse({ boxId: 12 })).toEqual({ boxId: 12 });
    for (const boxId of ['12', 'abc', 1.5, 0, -3, null]) {
      expect(selectBoxInputSchema.safeParse({ boxId }).success, String(boxId)).toBe(false);
    }
    expect(selectBoxInputSchema.safeParse({ boxId: 12, extra: true }).success).toBe(false);
    expect(selectBoxInputSchema.safeParse({}).success).toBe(false);
  });

  it('react takes exactly the 8 emoji characters', () => {
    expect(REACTION_EMOJIS).toHaveLength(8);
    for (const emoji of REACTION_EMOJIS) expect(reactInputSchema.parse({ emoji })).toEqual({ emoji });
    expect(reactInputSchema.parse({ emoji: '👍\uFE0F' })).toEqual({ emoji: '👍' });
    for (const emoji of ['🙂', 'heart', '😍😍', '', 42])
      expect(reactInputSchema.safeParse({ emoji }).success).toBe(false);
  });

  it('history query defaults to page 1 of all, 10 per page, at most 50', () => {
    expect(listShrosQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10, tab: 'all' });
    expect(listShrosQuerySchema.safeParse({ pageSize: '51' }).success).toBe(false);
    expect(listShrosQuerySchema.safeParse({ tab: 'mine' }).success).toBe(false);
  });

  it('writes the history range line', () => {
    expect(historyRange(1, 10, 42)).toEqual({ from: 1, to: 10 });
    expect(historyRange(5, 10, 42)).toEqual({ from: 41, to: 42 });
    expect(historyRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});
