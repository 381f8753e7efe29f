import { imageBoxLabel } from '@contract/box-labels';
import type { TitleSearchResult } from '@contract/catalog';
import type { RestaurantEntry } from '@contract/restaurants';
import { BOXES_PER_SHRO, type ShroType } from '@contract/shros';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { presetTitle, type ShroTemplate } from '../utils/templates';

/*
 * The create form's values and how one choice changes the others (docs/product.md §4). Pure, so
 * the rules are tested without React; `use-create-form.ts` holds them in react-hook-form.
 */

/** Link expiry choices (docs/product.md §9): 1 hour, 24 hours, 7 days, no expiry; labels render with `i18n._(...)`. */
export const EXPIRY_OPTIONS = [
  { value: '1h', label: msg`1 hour`, hours: 1 },
  { value: '24h', label: msg`24 hours`, hours: 24 },
  { value: '7d', label: msg`7 days`, hours: 24 * 7 },
  { value: 'never', label: msg`No expiry`, hours: null },
] as const;
export type ExpiryChoice = (typeof EXPIRY_OPTIONS)[number]['value'];

/** docs/product.md §3 "Create-form local box". */
export interface FormBox {
  position: number;
  /** Default "Box n" for images; text boxes are labelled Option A–D. */
  label: string;
  file: File | null;
  preview: string | null;
  textContent: string;
}

export interface CreateFormState {
  /** `null` after "Skip templates and create manually". */
  template: ShroTemplate | null;
  type: ShroType;
  title: string;
  boxes: FormBox[];
  titles: TitleSearchResult[];
  restaurants: RestaurantEntry[];
  recipients: string[];
  isShareable: boolean;
  expiry: ExpiryChoice;
  /** A private or public Shro's deadline (issue 40); a link's is `expiry`. */
  deadline: ExpiryChoice;
  isPublic: boolean;
  /** Nobody sees who opened which box (decision 188). */
  isAnonymous: boolean;
  /** Each person sees the boxes in their own order (decision 189). */
  isShuffled: boolean;
  /** A box position in the form (1–4), or none. */
  winningBox: number | null;
  hashtags: string;
}

const emptyBoxes = (): FormBox[] =>
  Array.from({ length: BOXES_PER_SHRO }, (_, i) => ({
    position: i + 1,
    label: imageBoxLabel(i + 1),
    file: null,
    preview: null,
    textContent: '',
  }));

export const initialCreateFormState = (prefillRecipient: string | null): CreateFormState => ({
  template: null,
  type: 'image',
  title: '',
  boxes: emptyBoxes(),
  titles: [],
  restaurants: [],
  recipients: prefillRecipient ? [prefillRecipient] : [],
  isShareable: false,
  expiry: '24h',
  deadline: 'never',
  isPublic: false,
  isAnonymous: false,
  isShuffled: false,
  winningBox: null,
  hashtags: '',
});

export type CreateFormAction =
  | { type: 'restore'; state: CreateFormState }
  /** `i18n`: the page's, so a template's preset title is in its language (English without it). */
  | { type: 'template'; template: ShroTemplate | null; i18n?: I18n }
  | { type: 'title'; title: string }
  | { type: 'contentType'; contentType: 'image' | 'text' }
  | { type: 'boxImage'; position: number; file: File | null; preview: string | null }
  | { type: 'boxLabel'; position: number; label: string }
  | { type: 'boxText'; position: number; text: string }
  | { type: 'addTitle'; title: TitleSearchResult }
  | { type: 'removeTitle'; id: number }
  | { type: 'addRestaurant'; restaurant: RestaurantEntry }
  | { type: 'removeRestaurant'; name: string }
  | { type: 'toggleFriend'; id: string }
  | { type: 'shareable'; on: boolean }
  | { type: 'expiry'; expiry: ExpiryChoice }
  | { type: 'deadline'; deadline: ExpiryChoice }
  | { type: 'public'; on: boolean }
  | { type: 'anonymous'; on: boolean }
  | { type: 'shuffled'; on: boolean }
  | { type: 'winningBox'; position: number }
  | { type: 'hashtags'; hashtags: string };

/** Which form positions hold something, for the winning-box picker and the "at least n" rules. */
export function filledPositions(state: CreateFormState): number[] {
  const source = state.template?.source ?? 'custom';
  if (source === 'titles') return state.titles.map((_, i) => i + 1);
  if (source === 'restaurants') return state.restaurants.map((_, i) => i + 1);
  return state.boxes
    .filter((box) => (state.type === 'image' ? box.file !== null : box.textContent.trim() !== ''))
    .map((box) => box.position);
}

/** A winning box that no longer holds anything is dropped. */
function keepWinningValid(state: CreateFormState): CreateFormState {
  if (state.winningBox === null || filledPositions(state).includes(state.winningBox)) return state;
  return { ...state, winningBox: null };
}

export function createFormReducer(state: CreateFormState, action: CreateFormAction): CreateFormState {
  switch (action.type) {
    case 'restore':
      return keepWinningValid(action.state);
    case 'template': {
      const template = action.template;
      // A preset title gives way to the next template's; a title the person typed is kept.
      const typed = state.title.trim() !== '' && state.title !== presetTitle(state.template, action.i18n);
      return {
        ...state,
        template,
        type: template?.type ?? 'image',
        title: typed ? state.title : (presetTitle(template, action.i18n) ?? ''),
        titles: [],
        restaurants: [],
        winningBox: null,
      };
    }
    case 'title':
      return { ...state, title: action.title };
    case 'contentType':
      return { ...state, type: action.contentType, winningBox: null };
    case 'boxImage':
      return keepWinningValid({
        ...state,
        boxes: state.boxes.map((box) =>
          box.position === action.position ? { ...box, file: action.file, preview: action.preview } : box,
        ),
      });
    case 'boxLabel':
      return {
        ...state,
        boxes: state.boxes.map((box) => (box.position === action.position ? { ...box, label: action.label } : box)),
      };
    case 'boxText':
      return keepWinningValid({
        ...state,
        boxes: state.boxes.map((box) =>
          box.position === action.position ? { ...box, textContent: action.text } : box,
        ),
      });
    case 'addTitle':
      if (state.titles.length >= BOXES_PER_SHRO || state.titles.some((t) => t.id === action.title.id)) return state;
      return { ...state, titles: [...state.titles, action.title] };
    case 'removeTitle':
      return keepWinningValid({ ...state, titles: state.titles.filter((t) => t.id !== action.id) });
    case 'addRestaurant':
      if (state.restaurants.length >= BOXES_PER_SHRO) return state;
      return { ...state, restaurants: [...state.restaurants, action.restaurant] };
    case 'removeRestaurant':
      return keepWinningValid({ ...state, restaurants: state.restaurants.filter((r) => r.name !== action.name) });
    case 'toggleFriend': {
      const chosen = state.recipients.includes(action.id);
      const recipients = chosen ? state.recipients.filter((id) => id !== action.id) : [...state.recipients, action.id];
      // docs/product.md §4: choosing friends hides (and so turns off) the link; friends and public exclude each other.
      return chosen ? { ...state, recipients } : { ...state, recipients, isShareable: false, isPublic: false };
    }
    case 'shareable':
      return action.on
        ? { ...state, isShareable: true, isPublic: false, recipients: [] }
        : { ...state, isShareable: false };
    case 'expiry':
      return { ...state, expiry: action.expiry };
    case 'deadline':
      return { ...state, deadline: action.deadline };
    case 'anonymous':
      return { ...state, isAnonymous: action.on };
    case 'shuffled':
      return { ...state, isShuffled: action.on };
    case 'public':
      // docs/product.md §4: choosing public clears shareable and recipients.
      return action.on
        ? { ...state, isPublic: true, isShareable: false, recipients: [] }
        : { ...state, isPublic: false };
    case 'winningBox':
      // docs/product.md §4: clicking the winning box again turns it off.
      return { ...state, winningBox: state.winningBox === action.position ? null : action.position };
    case 'hashtags':
      return { ...state, hashtags: action.hashtags };
  }
}
