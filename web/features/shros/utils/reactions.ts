import type { ReactionEmoji } from '@contract/shros';

/** Spoken names of the docs/product.md §9 reactions, for buttons and screen readers. */
export const REACTION_NAMES: Record<ReactionEmoji, string> = {
  '😍': 'Heart eyes',
  '😂': 'Laughing',
  '😢': 'Crying',
  '😱': 'Shocked',
  '🤔': 'Thinking',
  '👍': 'Thumbs up',
  '👎': 'Thumbs down',
  '🔥': 'Fire',
};
