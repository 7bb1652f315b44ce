CREATE TABLE "payout_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"reference" text NOT NULL,
	"reported_status" text NOT NULL,
	"bank_reference" text,
	"error_code" text,
	"payout_id" bigint,
	"outcome" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_callbacks" ADD CONSTRAINT "payout_callbacks_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_callbacks_fingerprint_key" ON "payout_callbacks" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "payout_callbacks_reference_idx" ON "payout_callbacks" USING btree ("reference");