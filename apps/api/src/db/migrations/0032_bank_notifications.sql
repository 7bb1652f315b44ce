CREATE TABLE "bank_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"sender" text NOT NULL,
	"text" text NOT NULL,
	"device_received_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"pay_in_account" text,
	"facts" jsonb NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"deposit_id" bigint
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "notification_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_notifications" ADD CONSTRAINT "bank_notifications_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_notifications_fingerprint_key" ON "bank_notifications" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "bank_notifications_received_idx" ON "bank_notifications" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "bank_notifications_deposit_idx" ON "bank_notifications" USING btree ("deposit_id") WHERE deposit_id is not null;--> statement-breakpoint
CREATE INDEX "deposits_same_transfer_idx" ON "deposits" USING btree ("amount","occurred_at");