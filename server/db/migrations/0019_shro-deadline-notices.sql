CREATE TABLE "shro_deadline_notices" (
	"shro_id" text NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shro_deadline_notices_shro_id_kind_pk" PRIMARY KEY("shro_id","kind")
);
--> statement-breakpoint
ALTER TABLE "shro_deadline_notices" ADD CONSTRAINT "shro_deadline_notices_shro_id_shros_id_fk" FOREIGN KEY ("shro_id") REFERENCES "public"."shros"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shros_expires_at_idx" ON "shros" USING btree ("expires_at") WHERE "shros"."expires_at" is not null;