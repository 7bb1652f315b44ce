CREATE TABLE "operator_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"operator_id" bigint,
	"username" text,
	"role" text,
	"phone" text,
	"status" text NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "operator_requests" ADD CONSTRAINT "operator_requests_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_requests" ADD CONSTRAINT "operator_requests_requested_by_operators_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_requests" ADD CONSTRAINT "operator_requests_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_requests_pending_idx" ON "operator_requests" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_requests_pending_operator_key" ON "operator_requests" USING btree ("operator_id") WHERE "operator_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "operator_requests_pending_username_key" ON "operator_requests" USING btree ("username") WHERE "operator_requests"."status" = 'pending';