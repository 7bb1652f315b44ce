CREATE TABLE "player_signals" (
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_signals_player_id_kind_value_pk" PRIMARY KEY("player_id","kind","value")
);
--> statement-breakpoint
ALTER TABLE "accruals" ADD COLUMN "skip_reason" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "name_key" text GENERATED ALWAYS AS (regexp_replace(lower(normalize(btrim(firstname) || ' ' || btrim(surname), NFKC)), '[[:space:]]+', ' ', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "player_signals" ADD CONSTRAINT "player_signals_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_signals_value_idx" ON "player_signals" USING btree ("value","kind");--> statement-breakpoint
CREATE INDEX "players_name_key_idx" ON "players" USING btree ("name_key");