ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" "bytea";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" "bytea";--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_seq_key" ON "audit_log" USING btree ("chain_seq");--> statement-breakpoint
CREATE INDEX "audit_log_operator_idx" ON "audit_log" USING btree ("operator_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
-- The audit log is hash-chained (ADR 030). A row's hash covers the previous row's hash and every field of its own, in
-- an unambiguous encoding (a JSON array); `ledger:verify` recomputes it with this same function.
CREATE FUNCTION audit_row_hash(prev bytea, seq bigint, operator_id bigint, action text, target_type text, target_id text, before jsonb, after jsonb, ip text, created_at timestamptz)
RETURNS bytea LANGUAGE sql STABLE AS $$
  SELECT sha256(coalesce(prev, '\x'::bytea) || convert_to(jsonb_build_array(seq, operator_id, action, target_type, target_id, before, after, ip, (extract(epoch FROM created_at) * 1000000)::bigint)::text, 'UTF8'))
$$;
--> statement-breakpoint
-- Each insert takes a transaction-long lock, so the chain has one order however many writers there are; the unique
-- chain_seq turns any fork that slipped past it into an error instead of a silent branch.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash bytea;
BEGIN
  PERFORM pg_advisory_xact_lock(7302030);
  SELECT chain_seq, hash INTO last_seq, last_hash FROM audit_log WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1;
  NEW.chain_seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := last_hash;
  NEW.hash := audit_row_hash(NEW.prev_hash, NEW.chain_seq, NEW.operator_id, NEW.action, NEW.target_type, NEW.target_id, NEW.before, NEW.after, NEW.ip, NEW.created_at);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The rows written before the chain existed join it in id order (the append-only trigger is paused for this only).
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
DO $$
DECLARE
  r record;
  prev bytea := NULL;
  seq bigint := 0;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    seq := seq + 1;
    UPDATE audit_log
      SET chain_seq = seq, prev_hash = prev,
          hash = audit_row_hash(prev, seq, r.operator_id, r.action, r.target_type, r.target_id, r.before, r.after, r.ip, r.created_at)
      WHERE id = r.id
      RETURNING hash INTO prev;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
