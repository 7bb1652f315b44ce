CREATE TABLE "approvals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"player_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"note" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"status" text NOT NULL,
	"request_id" text,
	"deposit_id" bigint,
	"withdrawal_id" bigint,
	"payout_ref" text,
	"requested_by" bigint NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approvals_amount_nonzero" CHECK (amount <> 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_exceptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"to_account" text NOT NULL,
	"from_bank_code" text NOT NULL,
	"from_account" text NOT NULL,
	"from_name" text,
	"amount" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"deposit_id" bigint NOT NULL,
	"reasons" jsonb NOT NULL,
	"status" text NOT NULL,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	"resolution_note" text,
	"credited_deposit_id" bigint,
	CONSTRAINT "deposit_exceptions_amount_positive" CHECK (amount > 0)
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "feed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_requested_by_operators_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_exceptions" ADD CONSTRAINT "deposit_exceptions_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_exceptions" ADD CONSTRAINT "deposit_exceptions_resolved_by_operators_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_exceptions" ADD CONSTRAINT "deposit_exceptions_credited_deposit_id_deposits_id_fk" FOREIGN KEY ("credited_deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_request_id_key" ON "approvals" USING btree ("request_id") WHERE request_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_pending_deposit_key" ON "approvals" USING btree ("deposit_id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_withdrawal_key" ON "approvals" USING btree ("withdrawal_id") WHERE withdrawal_id is not null;--> statement-breakpoint
CREATE INDEX "approvals_status_idx" ON "approvals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "approvals_requested_by_idx" ON "approvals" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "approvals_player_idx" ON "approvals" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_exceptions_request_hash_key" ON "deposit_exceptions" USING btree ("request_hash");--> statement-breakpoint
CREATE INDEX "deposit_exceptions_status_idx" ON "deposit_exceptions" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "deposit_exceptions_occurred_idx" ON "deposit_exceptions" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "deposits_occurred_idx" ON "deposits" USING btree ("occurred_at");--> statement-breakpoint
-- ADR 035: every operator money action is one row of approvals. Adjustments move in keeping their ids (their
-- transfers are keyed adjustment:<id>), and the sequence continues after them.
INSERT INTO "approvals" ("id", "kind", "player_id", "amount", "note", "reasons", "status", "request_id", "requested_by", "decided_by", "decided_at", "decision_note", "created_at")
SELECT "id", 'ADJUSTMENT', "player_id", "amount", "reason",
  CASE WHEN "status" = 'APPLIED' AND "decided_by" = "requested_by" THEN '[]'::jsonb ELSE '["ABOVE_THRESHOLD"]'::jsonb END,
  "status", "request_id", "requested_by",
  CASE WHEN "decided_by" = "requested_by" THEN NULL ELSE "decided_by" END, "decided_at", "reject_reason", "created_at"
FROM "adjustments";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('approvals', 'id'), GREATEST((SELECT coalesce(max("id"), 0) FROM "approvals"), 1));--> statement-breakpoint
-- A withdrawal's four-eyes approvals (ADR 031): the first approver requested it, a second one decided it.
INSERT INTO "approvals" ("kind", "player_id", "amount", "note", "reasons", "status", "withdrawal_id", "payout_ref", "requested_by", "decided_by", "decided_at", "created_at")
SELECT 'WITHDRAWAL', w."player_id", w."amount", '', '["ABOVE_THRESHOLD"]'::jsonb,
  CASE WHEN w."status" = 'PENDING' THEN 'PENDING' WHEN w."status" = 'SUCCESS' THEN 'APPLIED' ELSE 'REJECTED' END,
  w."id", first."payout_ref", first."operator_id", second."operator_id", second."created_at", first."created_at"
FROM "withdrawals" w
JOIN LATERAL (SELECT * FROM "withdrawal_approvals" a WHERE a."withdrawal_id" = w."id" ORDER BY a."created_at" LIMIT 1) first ON true
LEFT JOIN LATERAL (SELECT * FROM "withdrawal_approvals" a WHERE a."withdrawal_id" = w."id" ORDER BY a."created_at" OFFSET 1 LIMIT 1) second ON true;--> statement-breakpoint
UPDATE "deposits" SET "feed_at" = "received_at" WHERE "source" = 'BANK_FEED';--> statement-breakpoint
DROP TABLE "withdrawal_approvals";--> statement-breakpoint
DROP TABLE "adjustments";
