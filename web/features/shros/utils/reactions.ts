import type { ReactionEmoji } from '@contract/shros';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Spoken names of the docs/product.md §9 reactions, for buttons and screen readers (rendered with `i18n._`). */
export const REACTION_NAMES: Record<ReactionEmoji, MessageDescriptor> = {
  '😍': msg`Heart eyes`,
  '😂': msg`Laughing`,
  '😢': msg`Crying`,
  '😱': msg`Shocked`,
  '🤔': msg`Thinking`,
  '👍': msg`Thumbs up`,
  '👎': msg`Thumbs down`,
  '🔥': msg`Fire`,
};
