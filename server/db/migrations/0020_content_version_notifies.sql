-- Says on channel content_version that a version moved, as the moving transaction commits. The embedded database
-- has one writer, this process, so it keeps the versions in memory until told (server/db/content-version.ts) instead
-- of reading them for every cached answer. PostgreSQL's notifications reach other instances only after the commit,
-- so there every answer still reads the versions.
CREATE OR REPLACE FUNCTION notify_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_version', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER content_version_notifies AFTER UPDATE ON content_version
  FOR EACH ROW EXECUTE FUNCTION notify_content_version();
