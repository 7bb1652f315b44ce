CREATE TABLE "demo_bank_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sending_bank" text NOT NULL,
	"reference" text NOT NULL,
	"from_account" text NOT NULL,
	"from_name" text NOT NULL,
	"to_bank" text NOT NULL,
	"to_account" text NOT NULL,
	"to_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_bank_transfers_amount_positive" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE TABLE "slip_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"slip_key" text NOT NULL,
	"payload" text NOT NULL,
	"verifier" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"verifier_code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"facts" jsonb,
	"deposit_id" bigint,
	"closed_by" bigint,
	"close_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slip_checks_attempts" CHECK (attempts >= 0)
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "sender_ref" text;--> statement-breakpoint
ALTER TABLE "slip_checks" ADD CONSTRAINT "slip_checks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "demo_bank_transfers_ref_key" ON "demo_bank_transfers" USING btree ("sending_bank","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "slip_checks_player_key" ON "slip_checks" USING btree ("player_id","slip_key");--> statement-breakpoint
CREATE INDEX "slip_checks_due_idx" ON "slip_checks" USING btree ("next_attempt_at") WHERE status = 'CHECKING';--> statement-breakpoint
CREATE INDEX "slip_checks_status_idx" ON "slip_checks" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_sender_ref_key" ON "deposits" USING btree ("sender_ref") WHERE sender_ref is not null;