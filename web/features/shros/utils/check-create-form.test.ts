import { hashtagInvalidMessage, SHRO_MESSAGES, TITLE_MAX } from '@contract/shros';
import { describe, expect, it } from 'vitest';
import { type CreateFormState, createFormReducer, initialCreateFormState } from '../hooks/create-form-state';
import { checkCreateForm, createFormResolver } from './check-create-form';
import { templateById } from './templates';

const apply = (state: CreateFormState, ...actions: Parameters<typeof createFormReducer>[1][]) =>
  actions.reduce(createFormReducer, state);

/** A text Shro that passes every rule: two options, sent as a link. */
const validText = () =>
  apply(
    initialCreateFormState(null),
    { type: 'template', template: templateById('custom-text') },
    { type: 'title', title: 'Vote' },
    { type: 'boxText', position: 1, text: 'Yes' },
    { type: 'boxText', position: 2, text: 'No' },
    { type: 'shareable', on: true },
  );

describe('checkCreateForm with the contract rules (decision 095)', () => {
  it('accepts a complete form', () => {
    expect(checkCreateForm(validText())).toBeNull();
  });

  it('reports a title over the limit with the schema message', () => {
    const state = apply(validText(), { type: 'title', title: 'x'.repeat(TITLE_MAX + 1) });
    expect(checkCreateForm(state)).toEqual({
      title: 'Missing Title',
      description: SHRO_MESSAGES.titleTooLong,
      field: 'title',
    });
  });

  it('reports bad hashtags last, with the hashtag rule message', () => {
    expect(checkCreateForm(apply(validText(), { type: 'hashtags', hashtags: 'ok, not ok!' }))).toEqual({
      title: 'Invalid Hashtags',
      description: hashtagInvalidMessage('not ok!'),
      field: 'hashtags',
    });
    // Content comes first (docs/product.md §5 order).
    // A leading "#" is part of how people write tags, not a mistake.
    expect(checkCreateForm(apply(validText(), { type: 'hashtags', hashtags: '#pizza, #Friday_Night' }))).toBeNull();
    const empty = apply(validText(), { type: 'boxText', position: 2, text: '' }, { type: 'hashtags', hashtags: '!' });
    expect(checkCreateForm(empty)?.description).toBe(SHRO_MESSAGES.optionsRequired);
  });

  it('asks Where to Eat for 4 restaurants before any is picked', () => {
    const eat = apply(
      initialCreateFormState('f1'),
      { type: 'template', template: templateById('where-to-eat') },
      { type: 'title', title: 'Dinner' },
    );
    expect(checkCreateForm(eat)).toMatchObject({ title: 'Missing Restaurants', field: 'boxes' });
  });

  it('refuses more friends than a Shro may be sent to', () => {
    let state = validText();
    for (let i = 0; i < 51; i++) state = apply(state, { type: 'toggleFriend', id: `f${i}` });
    expect(checkCreateForm(state)).toMatchObject({ field: 'recipients', description: SHRO_MESSAGES.tooManyRecipients });
  });

  it('gives react-hook-form the one problem under its section, or the values', async () => {
    const options = { shouldUseNativeValidation: false, fields: {} } as const;
    const missing = apply(validText(), { type: 'shareable', on: false });
    expect(await createFormResolver(missing, undefined, options)).toEqual({
      values: {},
      errors: { recipients: { type: 'Missing Recipients', message: SHRO_MESSAGES.recipientsRequired } },
    });
    const valid = validText();
    expect(await createFormResolver(valid, undefined, options)).toEqual({ values: valid, errors: {} });
  });
});
