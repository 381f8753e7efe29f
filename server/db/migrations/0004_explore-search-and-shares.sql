-- Explore search matches titles and hashtags by substring: trigram indexes need pg_trgm
-- (bundled with PostgreSQL's contrib; trusted, so the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "shro_shares" (
	"shro_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shro_shares_shro_id_user_id_pk" PRIMARY KEY("shro_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "shro_shares" ADD CONSTRAINT "shro_shares_shro_id_shros_id_fk" FOREIGN KEY ("shro_id") REFERENCES "public"."shros"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shro_shares" ADD CONSTRAINT "shro_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shros_public_hashtag_tags_idx" ON "shros" USING gin (string_to_array("hashtags", ',')) WHERE "shros"."is_public";--> statement-breakpoint
CREATE INDEX "shros_public_title_trgm_idx" ON "shros" USING gin ("title" gin_trgm_ops) WHERE "shros"."is_public";--> statement-breakpoint
CREATE INDEX "shros_public_hashtags_trgm_idx" ON "shros" USING gin ("hashtags" gin_trgm_ops) WHERE "shros"."is_public";--> statement-breakpoint
-- Progress for counters that moved before the achievement engine existed (no notifications).
INSERT INTO "user_achievements" ("user_id", "achievement_id", "progress", "unlocked_at")
SELECT v."user_id", v."achievement_id", least(v."value", v."requirement"),
       CASE WHEN v."value" >= v."requirement" THEN now() END
FROM (
  SELECT s."user_id", a."id" AS "achievement_id", a."requirement",
         CASE a."metric"
           WHEN 'shrosCreated' THEN s."shros_created"
           WHEN 'imageShrosCreated' THEN s."image_shros_created"
           WHEN 'textShrosCreated' THEN s."text_shros_created"
           WHEN 'shrosParticipated' THEN s."shros_participated"
           WHEN 'consecutiveCorrect' THEN s."consecutive_correct"
           WHEN 'totalParticipants' THEN s."total_participants"
           WHEN 'shares' THEN s."shares"
           WHEN 'streakDays' THEN s."streak_days"
           ELSE 0
         END AS "value"
  FROM "user_stats" s CROSS JOIN "achievements" a
) v
WHERE v."value" > 0
ON CONFLICT DO NOTHING;
