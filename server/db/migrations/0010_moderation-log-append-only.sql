-- The moderation audit log is append-only (docs/decisions/108-append-only-audit-log.md): no route
-- updates or deletes it, and the database refuses to as well.
CREATE OR REPLACE FUNCTION moderation_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER moderation_log_append_only BEFORE UPDATE OR DELETE ON "moderation_log"
  FOR EACH ROW EXECUTE FUNCTION moderation_log_refuse_change();
