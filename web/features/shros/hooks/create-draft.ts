import type { I18n } from '@lingui/core';
import { presetTitle, SHRO_TEMPLATES } from '../utils/templates';
import { type CreateFormState, EXPIRY_OPTIONS } from './create-form-state';

/**
 * A half-filled create form kept in this browser's local storage, one per signed-in user
 * (docs/decisions/017-create-draft.md). Image files cannot be stored there: a draft remembers
 * which boxes had one, so the restore offer can say so.
 */
export type CreateDraft = Omit<CreateFormState, 'template' | 'boxes'> & {
  version: 1;
  savedAt: string;
  templateId: string | null;
  boxes: { label: string; textContent: string; hadImage: boolean }[];
};

const storageKey = (userId: string) => `shro.create-draft.${userId}`;

/**
 * The draft of a form, or null when nothing in it is worth keeping (an untouched form). `i18n`: the
 * page's, to tell a template's preset title (in its language) from a typed one.
 */
export function draftFromState(state: CreateFormState, now = new Date(), i18n?: I18n): CreateDraft | null {
  const typedTitle = state.title.trim() !== '' && state.title !== presetTitle(state.template, i18n);
  const worthKeeping =
    typedTitle ||
    state.boxes.some((b) => b.textContent.trim() !== '' || b.file !== null) ||
    state.titles.length > 0 ||
    state.restaurants.length > 0 ||
    state.hashtags.trim() !== '';
  if (!worthKeeping) return null;
  return {
    version: 1,
    savedAt: now.toISOString(),
    templateId: state.template?.id ?? null,
    type: state.type,
    title: state.title,
    boxes: state.boxes.map((b) => ({ label: b.label, textContent: b.textContent, hadImage: b.file !== null })),
    titles: state.titles,
    restaurants: state.restaurants,
    recipients: state.recipients,
    isShareable: state.isShareable,
    expiry: state.expiry,
    deadline: state.deadline,
    isPublic: state.isPublic,
    isAnonymous: state.isAnonymous,
    isShuffled: state.isShuffled,
    winningBox: state.winningBox,
    hashtags: state.hashtags,
  };
}

/** The form a draft restores onto `base` (the fresh form); images have to be chosen again. */
export function stateFromDraft(draft: CreateDraft, base: CreateFormState): CreateFormState {
  return {
    ...base,
    template: SHRO_TEMPLATES.find((t) => t.id === draft.templateId) ?? null,
    type: draft.type,
    title: draft.title,
    boxes: base.boxes.map((box, i) => ({
      ...box,
      label: draft.boxes[i]?.label ?? box.label,
      textContent: draft.boxes[i]?.textContent ?? '',
    })),
    titles: draft.titles,
    restaurants: draft.restaurants,
    recipients: draft.recipients,
    isShareable: draft.isShareable,
    expiry: EXPIRY_OPTIONS.some((o) => o.value === draft.expiry) ? draft.expiry : base.expiry,
    // A draft kept before deadlines existed has none.
    deadline: EXPIRY_OPTIONS.some((o) => o.value === draft.deadline) ? draft.deadline : base.deadline,
    isPublic: draft.isPublic,
    // A draft kept before anonymous Shros existed has none.
    isAnonymous: draft.isAnonymous === true,
    isShuffled: draft.isShuffled === true,
    winningBox: draft.winningBox,
    hashtags: draft.hashtags,
  };
}

const isDraft = (value: unknown): value is CreateDraft => {
  const d = value as Partial<CreateDraft> | null;
  return (
    !!d &&
    d.version === 1 &&
    typeof d.title === 'string' &&
    typeof d.savedAt === 'string' &&
    Array.isArray(d.boxes) &&
    Array.isArray(d.titles) &&
    Array.isArray(d.restaurants) &&
    Array.isArray(d.recipients)
  );
};

/** The user's saved draft, or null (none, unreadable, or storage unavailable). */
export function readDraft(userId: string): CreateDraft | null {
  try {
    const raw = localStorage.getItem(storageKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveDraft(userId: string, draft: CreateDraft): void {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the form still works, it is just not kept.
  }
}

export function clearDraft(userId: string): void {
  try {
    localStorage.removeItem(storageKey(userId));
  } catch {
    // Nothing to clear.
  }
}
