DROP INDEX "reports_open_target_idx";--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "reports_target_owner_idx" ON "reports" USING btree ("target_owner_id");