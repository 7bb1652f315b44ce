CREATE TABLE "operator_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"channel" text,
	"details" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"template_id" text NOT NULL,
	"params" jsonb NOT NULL,
	"sealed_secret" text,
	"idempotency_key" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"last_error" text,
	"resend_of" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('PENDING', 'SENDING', 'SENT', 'FAILED', 'DEAD')),
	CONSTRAINT "outbox_messages_secret_only_while_due" CHECK ("outbox_messages"."sealed_secret" is null or "outbox_messages"."status" in ('PENDING', 'SENDING'))
);
--> statement-breakpoint
ALTER TABLE "outbox_attempts" ADD CONSTRAINT "outbox_attempts_message_id_outbox_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_alerts_open_kind" ON "operator_alerts" USING btree ("kind","channel") WHERE resolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_attempts_message_attempt" ON "outbox_attempts" USING btree ("message_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_idempotency_key" ON "outbox_messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "outbox_messages_due" ON "outbox_messages" USING btree ("next_attempt_at") WHERE status in ('PENDING', 'SENDING');--> statement-breakpoint
CREATE INDEX "outbox_messages_channel_created" ON "outbox_messages" USING btree ("channel","created_at");