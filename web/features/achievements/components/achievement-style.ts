import type { AchievementCategory, AchievementRarity } from '@contract/achievements';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** docs/product.md §3 rarities: common grey, rare blue, epic purple, legendary gold. */
export const rarityBadge: Record<AchievementRarity, string> = {
  common: 'border-zinc-400/50 bg-zinc-400/15 text-zinc-100',
  rare: 'border-sky-400/50 bg-sky-400/15 text-sky-100',
  epic: 'border-purple-400/50 bg-purple-400/20 text-purple-100',
  legendary: 'border-amber-400/60 bg-amber-400/15 text-amber-100',
};

/** The icon tile's glow, by rarity. */
export const rarityTile: Record<AchievementRarity, string> = {
  common: 'from-zinc-400/30 to-zinc-600/20 ring-zinc-400/30',
  rare: 'from-sky-400/35 to-blue-600/20 ring-sky-400/40',
  epic: 'from-purple-400/40 to-fuchsia-600/25 ring-purple-400/50',
  legendary: 'from-amber-300/45 to-orange-600/25 ring-amber-300/60',
};

/** Progress bar fill, by rarity. */
export const rarityBar: Record<AchievementRarity, string> = {
  common: 'bg-zinc-300',
  rare: 'bg-sky-400',
  epic: 'bg-gradient-to-r from-purple-400 to-fuchsia-400',
  legendary: 'bg-gradient-to-r from-amber-300 to-orange-400',
};

/** Rarity names as the badge shows them (lower case, capitalized by CSS); render with `i18n._`. */
export const rarityLabel: Record<AchievementRarity, MessageDescriptor> = {
  common: msg({ message: 'common', comment: 'Achievement rarity, shown capitalized' }),
  rare: msg({ message: 'rare', comment: 'Achievement rarity, shown capitalized' }),
  epic: msg({ message: 'epic', comment: 'Achievement rarity, shown capitalized' }),
  legendary: msg({ message: 'legendary', comment: 'Achievement rarity, shown capitalized' }),
};

/** Achievement categories; render with `i18n._`. */
export const categoryLabel: Record<AchievementCategory, MessageDescriptor> = {
  creative: msg({ message: 'Creative', comment: 'Achievement category' }),
  participation: msg({ message: 'Participation', comment: 'Achievement category' }),
  social: msg({ message: 'Social', comment: 'Achievement category' }),
  streak: msg({ message: 'Streak', comment: 'Achievement category' }),
};
