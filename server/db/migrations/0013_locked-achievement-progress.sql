-- Decision 147: the progress of a locked achievement is derived from the user's counters, never
-- stored. Rows kept for locked achievements by earlier code are read by nothing: they go.
DELETE FROM "user_achievements" WHERE "unlocked_at" IS NULL;
