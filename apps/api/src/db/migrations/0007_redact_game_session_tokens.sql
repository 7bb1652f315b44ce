-- Game session tokens are stored only as hashes (issue 10). The seamless log kept each callback's body verbatim,
-- session_token included; new rows now store "sha256:<hex>" in its place (the hex of game_sessions.token_hash, so a
-- dispute can still join a call to its session). This gives the rows written before the same redaction. The log is
-- append-only by trigger: this one-off correction, in the migration's transaction, is the only change made to it.
-- A row whose text PostgreSQL cannot read as jsonb (JSON.parse accepted it, e.g. a \u0000 escape) gets the token's
-- value blanked by pattern instead, so no row can stop the migration.
ALTER TABLE "seamless_log" DISABLE TRIGGER "seamless_log_append_only";
--> statement-breakpoint
DO $$
DECLARE
  r record;
  body jsonb;
BEGIN
  FOR r IN SELECT id, request FROM seamless_log WHERE request LIKE '%session\_token%' LOOP
    BEGIN
      body := r.request::jsonb;
    EXCEPTION WHEN others THEN
      body := NULL;
    END;
    IF body IS NULL THEN
      UPDATE seamless_log SET request = regexp_replace(r.request, '"session_token"\s*:\s*"(\\.|[^"\\])*"', '"session_token":"[redacted]"', 'g') WHERE id = r.id;
    ELSIF jsonb_typeof(body) = 'object' AND jsonb_typeof(body -> 'session_token') = 'string' AND body ->> 'session_token' NOT LIKE 'sha256:%' THEN
      UPDATE seamless_log
      SET request = jsonb_set(body, '{session_token}', to_jsonb('sha256:' || encode(sha256(convert_to(body ->> 'session_token', 'UTF8')), 'hex')))::text
      WHERE id = r.id;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "seamless_log" ENABLE TRIGGER "seamless_log_append_only";
