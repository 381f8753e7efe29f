ALTER TABLE "uploads" ADD COLUMN "sha256" text;--> statement-breakpoint
CREATE INDEX "shro_boxes_image_key_idx" ON "shro_boxes" USING btree ("image_key") WHERE "shro_boxes"."image_key" is not null;