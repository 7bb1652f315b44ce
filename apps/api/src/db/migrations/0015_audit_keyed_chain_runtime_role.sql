CREATE TABLE "audit_chain_mark" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"legacy_through" bigint NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_chain_mark_one_row" CHECK ("audit_chain_mark"."one")
);
--> statement-breakpoint
-- ADR 037. From here on the application keys each audit entry's hash (HMAC-SHA256 with AUDIT_HMAC_KEY, which the
-- database never sees). The chain lock is taken first, so no entry is written between the mark and the new trigger.
SELECT pg_advisory_xact_lock(7302030);
--> statement-breakpoint
-- The entries written so far keep their plain sha256 hashes; the mark says where they end.
INSERT INTO audit_chain_mark (legacy_through) SELECT coalesce(max(chain_seq), 0) FROM audit_log;
--> statement-breakpoint
-- The one encoding of an entry's fields that both hashes cover: the legacy sha256 (here, unchanged) and the keyed
-- HMAC the application computes over the previous hash followed by these bytes.
CREATE FUNCTION audit_row_message(seq bigint, operator_id bigint, action text, target_type text, target_id text, before jsonb, after jsonb, ip text, created_at timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(seq, operator_id, action, target_type, target_id, before, after, ip, (extract(epoch FROM created_at) * 1000000)::bigint)::text
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_row_hash(prev bytea, seq bigint, operator_id bigint, action text, target_type text, target_id text, before jsonb, after jsonb, ip text, created_at timestamptz)
RETURNS bytea LANGUAGE sql STABLE AS $$
  SELECT sha256(coalesce(prev, '\x'::bytea) || convert_to(audit_row_message(seq, operator_id, action, target_type, target_id, before, after, ip, created_at), 'UTF8'))
$$;
--> statement-breakpoint
-- The trigger no longer hashes (it has no key): under the same lock it refuses any entry that does not extend the
-- chain exactly (the next position, the previous entry's hash, a 32-byte hash). A writer without the key can still
-- append a row; `ledger:verify` names its hash as not made with the key.
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash bytea;
BEGIN
  PERFORM pg_advisory_xact_lock(7302030);
  SELECT chain_seq, hash INTO last_seq, last_hash FROM audit_log WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1;
  IF NEW.chain_seq IS DISTINCT FROM coalesce(last_seq, 0) + 1 OR NEW.prev_hash IS DISTINCT FROM last_hash OR NEW.hash IS NULL OR octet_length(NEW.hash) <> 32 THEN
    RAISE EXCEPTION 'audit_log: a new entry must extend the chain at position % with the previous hash and its own keyed hash', coalesce(last_seq, 0) + 1
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The runtime role (ADR 037, docs/operations.md). The server connects (DATABASE_URL) as a login role that is a member
-- of sanam_runtime and owns nothing; migrations run as the owner (MIGRATION_DATABASE_URL). Created here when missing;
-- a migrator without CREATEROLE needs it created beforehand (`CREATE ROLE sanam_runtime NOLOGIN`).
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'sanam_runtime') THEN
    CREATE ROLE sanam_runtime NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- created meanwhile by a migration of another database on the same server
END;
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO sanam_runtime;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO sanam_runtime;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO sanam_runtime;
--> statement-breakpoint
-- Tables and sequences later migrations create get the same grants; a later append-only table revokes like below.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO sanam_runtime;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO sanam_runtime;
--> statement-breakpoint
-- The audit log: the runtime inserts and reads, and can neither change, remove nor truncate an entry, nor (owning
-- nothing) disable a trigger or replace the trigger's function. The mark is read only.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM sanam_runtime;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_chain_mark FROM sanam_runtime;
