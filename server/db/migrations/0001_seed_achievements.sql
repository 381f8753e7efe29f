-- The static achievement catalogue (spec §9). The product term replaces "Session" in names.
INSERT INTO "achievements" ("id", "name", "description", "icon", "rarity", "category", "requirement", "metric", "sort_order") VALUES
  ('first-shro', 'First Shro', 'Create your first Shro', '🎁', 'common', 'creative', 1, 'shrosCreated', 1),
  ('shro-master', 'Shro Master', 'Create 10 Shros', '👑', 'rare', 'creative', 10, 'shrosCreated', 2),
  ('popular-choice', 'Popular Choice', 'Get 10 participants across your Shros', '⭐', 'rare', 'social', 10, 'totalParticipants', 3),
  ('curious-mind', 'Curious Mind', 'Open your first mystery box', '🔍', 'common', 'participation', 1, 'shrosParticipated', 4),
  ('lucky-guesser', 'Lucky Guesser', 'Pick the winning box 5 times in a row', '🍀', 'rare', 'participation', 5, 'consecutiveCorrect', 5),
  ('box-breaker', 'Box Breaker', 'Open 100 mystery boxes', '💥', 'epic', 'participation', 100, 'shrosParticipated', 6),
  ('daily-shroer', 'Daily Shroer', 'Be active 3 days in a row', '📅', 'rare', 'streak', 3, 'streakDays', 7),
  ('weekly-warrior', 'Weekly Warrior', 'Be active 7 days in a row', '🔥', 'epic', 'streak', 7, 'streakDays', 8),
  ('monthly-master', 'Monthly Master', 'Be active 30 days in a row', '🏆', 'legendary', 'streak', 30, 'streakDays', 9),
  ('artist', 'Artist', 'Create 10 image Shros', '🎨', 'rare', 'creative', 10, 'imageShrosCreated', 10),
  ('storyteller', 'Storyteller', 'Create 10 text Shros', '📖', 'rare', 'creative', 10, 'textShrosCreated', 11),
  ('trendsetter', 'Trendsetter', 'Share your Shros 20 times', '🚀', 'epic', 'social', 20, 'shares', 12);
