/**
 * The achievement catalogue's names and descriptions, as seeded (server/db/migrations/0001),
 * by id: the texts that server/i18n/texts.ts lists for translation (decision 167). A test holds
 * them equal to the seeded rows.
 */
export const ACHIEVEMENT_TEXTS: Record<string, { name: string; description: string }> = {
  'first-shro': { name: 'First Shro', description: 'Create your first Shro' },
  'shro-master': { name: 'Shro Master', description: 'Create 10 Shros' },
  'popular-choice': { name: 'Popular Choice', description: 'Get 10 participants across your Shros' },
  'curious-mind': { name: 'Curious Mind', description: 'Open your first mystery box' },
  'lucky-guesser': { name: 'Lucky Guesser', description: 'Pick the winning box 5 times in a row' },
  'box-breaker': { name: 'Box Breaker', description: 'Open 100 mystery boxes' },
  'daily-shroer': { name: 'Daily Shroer', description: 'Be active 3 days in a row' },
  'weekly-warrior': { name: 'Weekly Warrior', description: 'Be active 7 days in a row' },
  'monthly-master': { name: 'Monthly Master', description: 'Be active 30 days in a row' },
  artist: { name: 'Artist', description: 'Create 10 image Shros' },
  storyteller: { name: 'Storyteller', description: 'Create 10 text Shros' },
  trendsetter: { name: 'Trendsetter', description: 'Share your Shros 20 times' },
};
