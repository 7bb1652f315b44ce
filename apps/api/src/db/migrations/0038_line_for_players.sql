CREATE TABLE "line_link_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_user_id" text NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"player_id" bigint,
	"nonce_hash" "bytea",
	"nonce_expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_links" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"line_user_id" text,
	"linked_at" timestamp with time zone,
	"notices" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_links_linked_together" CHECK (("line_links"."line_user_id" is null) = ("line_links"."linked_at" is null))
);
--> statement-breakpoint
CREATE TABLE "line_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_link_requests" ADD CONSTRAINT "line_link_requests_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_links" ADD CONSTRAINT "line_links_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_link_requests_token" ON "line_link_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "line_link_requests_nonce" ON "line_link_requests" USING btree ("nonce_hash");--> statement-breakpoint
CREATE INDEX "line_link_requests_created" ON "line_link_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "line_links_line_user" ON "line_links" USING btree ("line_user_id");--> statement-breakpoint
CREATE INDEX "line_webhook_events_received" ON "line_webhook_events" USING btree ("received_at");