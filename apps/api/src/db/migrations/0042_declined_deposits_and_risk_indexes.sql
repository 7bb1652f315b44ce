CREATE TABLE "declined_deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "declined_deposits" ADD CONSTRAINT "declined_deposits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "declined_deposits_player_idx" ON "declined_deposits" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "declined_deposits_created_idx" ON "declined_deposits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "player_promotions_deposit_idx" ON "player_promotions" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "player_signals_network_idx" ON "player_signals" USING btree ((case when value ~ '^\d+\.\d+\.\d+\.\d+$' then regexp_replace(value, '\.\d+$', '') else value end)) WHERE kind <> 'DEVICE';