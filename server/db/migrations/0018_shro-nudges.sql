CREATE TABLE "shro_nudges" (
	"shro_id" text PRIMARY KEY NOT NULL,
	"nudged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shro_nudges" ADD CONSTRAINT "shro_nudges_shro_id_shros_id_fk" FOREIGN KEY ("shro_id") REFERENCES "public"."shros"("id") ON DELETE cascade ON UPDATE no action;