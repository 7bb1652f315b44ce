CREATE TABLE "adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"request_id" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" bigint NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjustments_amount_nonzero" CHECK (amount <> 0)
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "password_reset_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_requested_by_operators_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adjustments_request_id_key" ON "adjustments" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "adjustments_player_idx" ON "adjustments" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "adjustments_status_idx" ON "adjustments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sessions_last_seen_idx" ON "sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "deposits_credited_idx" ON "deposits" USING btree ("credited_at") WHERE credited_at is not null;