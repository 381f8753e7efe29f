import { imageBoxLabel, textBoxLabel } from '@contract/box-labels';
import { posterUrl } from '@contract/catalog';
import { normaliseHashtags } from '@contract/shro-create-rules';
import type { CreateShroRequest } from '../api/create-shro';
import { type CreateFormState, EXPIRY_OPTIONS, filledPositions } from '../hooks/create-form-state';

/**
 * The multipart request for a valid form. The server fills boxes 1..n in order with the filled
 * options, so the winning box is sent as its place among the filled ones.
 */
export function buildCreateRequest(
  state: CreateFormState,
  options: { now?: number; friendId?: string | null } = {},
): CreateShroRequest {
  const now = options.now ?? Date.now();
  const source = state.template?.source ?? 'custom';
  const filled = filledPositions(state);
  const winningIndex = state.winningBox === null ? -1 : filled.indexOf(state.winningBox);
  // A link's expiry, or a private or public Shro's deadline (issue 40): the same field.
  const isLink = state.isShareable && !state.isPublic;
  const expiryHours = EXPIRY_OPTIONS.find((o) => o.value === (isLink ? state.expiry : state.deadline))?.hours ?? null;
  const hashtags = normaliseHashtags(state.hashtags);

  const request: CreateShroRequest = {
    title: state.title.trim(),
    type: state.type,
    isPublic: state.isPublic,
    isShareable: !state.isPublic && state.isShareable,
    isAnonymous: state.isAnonymous,
    isShuffled: state.isShuffled,
    recipients: state.isPublic ? [] : state.recipients,
    expiresAt: expiryHours !== null ? new Date(now + expiryHours * 3_600_000).toISOString() : null,
    winningBoxPosition: winningIndex >= 0 ? winningIndex + 1 : null,
    hashtags: 'value' in hashtags && hashtags.value ? hashtags.value : undefined,
    // docs/product.md §7 `friendId`: the friend a friend-targeted create was opened for, while still chosen.
    friendId:
      !state.isPublic && options.friendId && state.recipients.includes(options.friendId) ? options.friendId : undefined,
  };

  if (source === 'titles') {
    request.tmdbOptions = state.titles.map((title) => ({
      label: title.title,
      tmdbData: title,
      imageUrl: posterUrl(title.poster_path),
    }));
  } else if (source === 'restaurants') {
    request.type = 'text';
    request.textOptions = state.restaurants.map((restaurant, i) => ({
      content: restaurant.name,
      label: textBoxLabel(i + 1),
      category: restaurant.category,
    }));
  } else if (state.type === 'text') {
    // Filled options move up to boxes 1..n (decision 003) but keep the label their input had, so
    // what was typed under "Option C" stays "Option C".
    request.textOptions = state.boxes
      .filter((box) => box.textContent.trim())
      .map((box) => ({ content: box.textContent.trim(), label: textBoxLabel(box.position) }));
  } else {
    request.images = state.boxes.flatMap((box) =>
      box.file ? [{ file: box.file, label: box.label.trim() || imageBoxLabel(box.position) }] : [],
    );
  }
  return request;
}
