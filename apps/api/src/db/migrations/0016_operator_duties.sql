CREATE TABLE "operator_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"by_operator_id" bigint,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "locked_by" bigint;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "locked_by_role" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "password_reset_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator_changes" ADD CONSTRAINT "operator_changes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_changes" ADD CONSTRAINT "operator_changes_by_operator_id_operators_id_fk" FOREIGN KEY ("by_operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_changes_operator_idx" ON "operator_changes" USING btree ("operator_id","at");--> statement-breakpoint
CREATE INDEX "operator_changes_by_idx" ON "operator_changes" USING btree ("by_operator_id","at");--> statement-breakpoint
-- Who did what to which operator is evidence for the four-eyes rule (ADR 036): append-only like the audit log.
CREATE TRIGGER operator_changes_append_only BEFORE UPDATE OR DELETE ON operator_changes FOR EACH ROW EXECUTE FUNCTION refuse_change();--> statement-breakpoint
-- The changes made before this table existed, from the audit log, so the 30-day look-back holds from the first day.
INSERT INTO operator_changes (operator_id, by_operator_id, kind, at)
SELECT target_id::bigint, operator_id,
  CASE action WHEN 'operator.create' THEN 'create' WHEN 'operator.password_reset' THEN 'password_reset'
    WHEN 'operator.totp_reset' THEN 'totp_reset' ELSE 'role_change' END,
  created_at
FROM audit_log
WHERE target_type = 'operator' AND action IN ('operator.create', 'operator.password_reset', 'operator.totp_reset', 'operator.role')
ORDER BY id;--> statement-breakpoint
-- A member locked before locks recorded their author counts as locked by an owner: only an owner may undo it.
UPDATE players SET locked_by_role = 'owner' WHERE status = 'LOCKED';
