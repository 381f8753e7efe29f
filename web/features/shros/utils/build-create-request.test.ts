import { describe, expect, it } from 'vitest';
import { type CreateFormState, createFormReducer, initialCreateFormState } from '../hooks/create-form-state';
import { buildCreateRequest } from './build-create-request';
import { checkCreateForm } from './check-create-form';
import { templateById } from './templates';

const apply = (state: CreateFormState, ...actions: Parameters<typeof createFormReducer>[1][]) =>
  actions.reduce(createFormReducer, state);

/** A two-option text Shro shared by link, the base the option switches are tried on. */
const lunchLink = () =>
  apply(
    initialCreateFormState(null),
    { type: 'template', template: templateById('custom-text') },
    { type: 'title', title: 'Lunch' },
    { type: 'boxText', position: 1, text: 'Soup' },
    { type: 'boxText', position: 2, text: 'Salad' },
    { type: 'shareable', on: true },
  );
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('create form rules (spec §4)', () => {
  it('clears link and friends when public is chosen, and the link when a friend is chosen', () => {
    let state = apply(initialCreateFormState(null), { type: 'shareable', on: true });
    state = apply(state, { type: 'public', on: true });
    expect(state).toMatchObject({ isPublic: true, isShareable: false, recipients: [] });
    state = apply(state, { type: 'toggleFriend', id: 'f1' });
    expect(state).toMatchObject({ isPublic: false, isShareable: false, recipients: ['f1'] });
    state = apply(state, { type: 'public', on: true });
    expect(state.recipients).toEqual([]);
  });

  it('toggles the winning box off with a second click and drops it when its box empties', () => {
    let state = apply(
      initialCreateFormState(null),
      { type: 'template', template: templateById('custom-text') },
      { type: 'boxText', position: 1, text: 'Tea' },
      { type: 'boxText', position: 3, text: 'Coffee' },
      { type: 'winningBox', position: 3 },
    );
    expect(state.winningBox).toBe(3);
    expect(apply(state, { type: 'winningBox', position: 3 }).winningBox).toBeNull();
    state = apply(state, { type: 'boxText', position: 3, text: '  ' });
    expect(state.winningBox).toBeNull();
  });

  it('sets the type and title each template asks for, keeping a typed title', () => {
    let state = apply(initialCreateFormState(null), { type: 'template', template: templateById('movie-night') });
    expect(state).toMatchObject({ type: 'movie', title: 'Movie Night Decision' });
    state = apply(state, { type: 'template', template: templateById('binge-watch') });
    expect(state).toMatchObject({ type: 'tv', title: 'Binge Watch Choice' });
    state = apply(state, { type: 'template', template: templateById('where-to-eat') });
    expect(state).toMatchObject({ type: 'text', title: '' });
    state = apply(
      state,
      { type: 'title', title: 'Dinner?' },
      { type: 'template', template: templateById('custom-images') },
    );
    expect(state).toMatchObject({ type: 'image', title: 'Dinner?' });
  });
});

describe('checkCreateForm (spec §5 order and texts)', () => {
  it('asks for a title, then content, then recipients', () => {
    let state = apply(initialCreateFormState(null), { type: 'template', template: templateById('custom-images') });
    expect(checkCreateForm(state)?.description).toBe('Please enter a title for your Shro.');
    state = apply(state, { type: 'title', title: '  ' });
    expect(checkCreateForm(state)?.description).toBe('Please enter a title for your Shro.');
    state = apply(
      state,
      { type: 'title', title: 'Outfit' },
      { type: 'boxImage', position: 1, file: png('a.png'), preview: null },
    );
    expect(checkCreateForm(state)?.description).toBe('Please add at least 2 images/text options to create a Shro.');
    state = apply(state, { type: 'boxImage', position: 4, file: png('b.png'), preview: null });
    expect(checkCreateForm(state)).toMatchObject({
      title: 'Missing Recipients',
      description: 'Please select at least one friend to send to, enable shareable link, or share publicly.',
    });
    expect(checkCreateForm(apply(state, { type: 'shareable', on: true }))).toBeNull();
  });

  it('needs 4 restaurants and at least one movie', () => {
    const eat = apply(
      initialCreateFormState('f1'),
      { type: 'template', template: templateById('where-to-eat') },
      { type: 'title', title: 'Dinner' },
      { type: 'addRestaurant', restaurant: { name: 'Nando', category: 'Casual Dining' } },
    );
    expect(checkCreateForm(eat)?.description).toBe('Please add at least 4 restaurants.');
    const movie = apply(initialCreateFormState('f1'), { type: 'template', template: templateById('movie-night') });
    expect(checkCreateForm(movie)?.description).toBe('Please select at least one movie/TV show to create boxes.');
  });
});

describe('buildCreateRequest', () => {
  it('sends filled image boxes in order with the winning box as its place among them', () => {
    const state = apply(
      initialCreateFormState('f1'),
      { type: 'title', title: ' Outfit ' },
      { type: 'boxImage', position: 2, file: png('a.png'), preview: null },
      { type: 'boxLabel', position: 2, label: 'Red' },
      { type: 'boxImage', position: 4, file: png('b.png'), preview: null },
      { type: 'winningBox', position: 4 },
      { type: 'hashtags', hashtags: '#Party, fun' },
    );
    const request = buildCreateRequest(state, { friendId: 'f1' });
    expect(request).toMatchObject({
      title: 'Outfit',
      type: 'image',
      recipients: ['f1'],
      friendId: 'f1',
      isPublic: false,
      isShareable: false,
      isAnonymous: false,
      winningBoxPosition: 2,
      hashtags: 'party,fun',
      expiresAt: null,
    });
    expect(request.images?.map((i) => i.label)).toEqual(['Red', 'Box 4']);
  });

  it('turns the link expiry choice into an ISO time, and none for "No expiry"', () => {
    const base = apply(
      initialCreateFormState(null),
      { type: 'template', template: templateById('custom-text') },
      { type: 'title', title: 'Vote' },
      { type: 'boxText', position: 1, text: 'Yes' },
      { type: 'boxText', position: 2, text: 'No' },
      { type: 'shareable', on: true },
      { type: 'expiry', expiry: '1h' },
    );
    const now = Date.UTC(2026, 0, 1, 12);
    expect(buildCreateRequest(base, { now }).expiresAt).toBe('2026-01-01T13:00:00.000Z');
    expect(buildCreateRequest(apply(base, { type: 'expiry', expiry: '7d' }), { now }).expiresAt).toBe(
      '2026-01-08T12:00:00.000Z',
    );
    expect(buildCreateRequest(apply(base, { type: 'expiry', expiry: 'never' }), { now }).expiresAt).toBeNull();
    expect(buildCreateRequest(base, { now }).textOptions).toEqual([
      { content: 'Yes', label: 'Option A' },
      { content: 'No', label: 'Option B' },
    ]);
  });

  it('gives a private or public Shro its own deadline, none by default, and a link its expiry (issue 40)', () => {
    const base = apply(
      initialCreateFormState('f1'),
      { type: 'template', template: templateById('custom-text') },
      { type: 'title', title: 'Vote' },
      { type: 'boxText', position: 1, text: 'Yes' },
      { type: 'boxText', position: 2, text: 'No' },
    );
    const now = Date.UTC(2026, 0, 1, 12);
    expect(buildCreateRequest(base, { now }).expiresAt).toBeNull();
    const withDeadline = apply(base, { type: 'deadline', deadline: '24h' });
    expect(buildCreateRequest(withDeadline, { now })).toMatchObject({
      recipients: ['f1'],
      expiresAt: '2026-01-02T12:00:00.000Z',
    });
    const published = apply(withDeadline, { type: 'public', on: true });
    expect(buildCreateRequest(published, { now })).toMatchObject({
      isPublic: true,
      expiresAt: '2026-01-02T12:00:00.000Z',
    });
    // The link keeps its own choice (24 hours unless changed), whatever the deadline says.
    const link = apply(
      base,
      { type: 'toggleFriend', id: 'f1' },
      { type: 'deadline', deadline: '7d' },
      { type: 'shareable', on: true },
    );
    expect(buildCreateRequest(link, { now }).expiresAt).toBe('2026-01-02T12:00:00.000Z');
  });

  it('makes picks anonymous for any delivery once switched on, and keeps it through a public switch (issue 40)', () => {
    const base = lunchLink();
    expect(buildCreateRequest(base).isAnonymous).toBe(false);
    const anonymous = apply(base, { type: 'anonymous', on: true });
    expect(buildCreateRequest(anonymous).isAnonymous).toBe(true);
    expect(buildCreateRequest(apply(anonymous, { type: 'public', on: true }))).toMatchObject({
      isPublic: true,
      isAnonymous: true,
    });
    expect(buildCreateRequest(apply(anonymous, { type: 'anonymous', on: false })).isAnonymous).toBe(false);
  });

  it('shuffles the boxes per person only when switched on, with a winning box kept as the creator set it (issue 40)', () => {
    const base = apply(lunchLink(), { type: 'winningBox', position: 2 });
    expect(buildCreateRequest(base).isShuffled).toBe(false);
    const shuffled = apply(base, { type: 'shuffled', on: true });
    expect(buildCreateRequest(shuffled)).toMatchObject({ isShuffled: true, winningBoxPosition: 2 });
    expect(buildCreateRequest(apply(shuffled, { type: 'shuffled', on: false })).isShuffled).toBe(false);
  });

  it('moves text options typed around an empty input up to boxes 1..n, each with the label it was typed under', () => {
    const gap = apply(
      initialCreateFormState(null),
      { type: 'template', template: templateById('custom-text') },
      { type: 'title', title: 'Dinner' },
      { type: 'boxText', position: 1, text: 'Pizza' },
      { type: 'boxText', position: 3, text: 'Sushi' },
      { type: 'shareable', on: true },
      { type: 'winningBox', position: 3 },
    );
    const request = buildCreateRequest(gap);
    expect(request.textOptions).toEqual([
      { content: 'Pizza', label: 'Option A' },
      { content: 'Sushi', label: 'Option C' },
    ]);
    expect(request.winningBoxPosition).toBe(2);
  });

  it('sends restaurants as text with their category, and movies with TMDB or our own posters', () => {
    const eat = apply(
      initialCreateFormState(null),
      { type: 'template', template: templateById('where-to-eat') },
      { type: 'addRestaurant', restaurant: { name: 'Wagamama', category: 'Asian Cuisine' } },
    );
    expect(buildCreateRequest(eat).textOptions).toEqual([
      { content: 'Wagamama', label: 'Option A', category: 'Asian Cuisine' },
    ]);
    const movie = apply(
      initialCreateFormState(null),
      { type: 'template', template: templateById('movie-night') },
      {
        type: 'addTitle',
        title: { id: 1, title: 'Up', poster_path: '/abc.jpg', release_date: '2009-05-28', vote_average: 7.9 },
      },
      {
        type: 'addTitle',
        title: {
          id: 2,
          title: 'Heat',
          poster_path: '/api/catalog/posters/movie/2.png',
          release_date: '',
          vote_average: 0,
        },
      },
    );
    expect(buildCreateRequest(movie).tmdbOptions?.map((o) => o.imageUrl)).toEqual([
      'https://image.tmdb.org/t/p/w500/abc.jpg',
      '/api/catalog/posters/movie/2.png',
    ]);
  });
});
