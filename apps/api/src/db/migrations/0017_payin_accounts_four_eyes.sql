ALTER TABLE "operator_bank_accounts" ADD COLUMN "status" text DEFAULT 'APPROVED' NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_bank_accounts" ADD COLUMN "proposed_by" bigint;--> statement-breakpoint
ALTER TABLE "operator_bank_accounts" ADD COLUMN "decided_by" bigint;--> statement-breakpoint
ALTER TABLE "operator_bank_accounts" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator_bank_accounts" ADD COLUMN "replaces_id" bigint;--> statement-breakpoint
ALTER TABLE "operator_bank_accounts" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator_bank_accounts" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator_bank_accounts" ADD CONSTRAINT "operator_bank_accounts_proposed_by_operators_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_bank_accounts" ADD CONSTRAINT "operator_bank_accounts_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_bank_accounts_number_idx" ON "operator_bank_accounts" USING btree ("account_number");--> statement-breakpoint
ALTER TABLE "operator_bank_accounts" ADD CONSTRAINT "operator_bank_accounts_active_approved" CHECK (not active or status = 'APPROVED');