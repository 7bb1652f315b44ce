-- Payouts through a bank API (issue 37 §3, ADR 081): one payout per withdrawal, under Sanam's own reference, stored before the bank is called. The withdrawals' new statuses (PAYING, PAYOUT_HELD, OUTCOME_UNKNOWN) need no SQL: the status column is text.
CREATE TABLE "payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"bank" text NOT NULL,
	"amount" bigint NOT NULL,
	"bank_code" text NOT NULL,
	"bank_account" text NOT NULL,
	"status" text NOT NULL,
	"approved_by" bigint,
	"account_name" text,
	"bank_transaction_id" text,
	"bank_reference" text,
	"last_error" text,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"proposed_outcome" text,
	"proposed_reference" text,
	"proposed_note" text,
	"proposed_by" bigint,
	"proposed_at" timestamp with time zone,
	"resolved_by" bigint,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK (amount > 0)
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_approved_by_operators_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_proposed_by_operators_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_resolved_by_operators_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_key" ON "payouts" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_withdrawal_key" ON "payouts" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","created_at");