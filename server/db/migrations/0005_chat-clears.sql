CREATE TABLE "chat_clears" (
	"user_id" text NOT NULL,
	"other_id" text NOT NULL,
	"cleared_through_id" integer NOT NULL,
	"cleared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_clears_user_id_other_id_pk" PRIMARY KEY("user_id","other_id")
);
--> statement-breakpoint
ALTER TABLE "chat_clears" ADD CONSTRAINT "chat_clears_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_clears" ADD CONSTRAINT "chat_clears_other_id_users_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;