CREATE TABLE "player_day_turnover" (
	"player_id" bigint NOT NULL,
	"day" date NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "player_day_turnover_player_id_day_pk" PRIMARY KEY("player_id","day")
);
--> statement-breakpoint
ALTER TABLE "player_day_turnover" ADD CONSTRAINT "player_day_turnover_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seamless_tx_bets_by_round_idx" ON "seamless_transactions" USING btree ("provider_code","round_id") WHERE op = 'bet';--> statement-breakpoint
-- The counter from what is already there (ADR 057): every bet answered OK whose round is over, by player and the
-- Bangkok day it was taken (UTC+7 all year).
INSERT INTO "player_day_turnover" ("player_id", "day", "amount")
SELECT st.player_id, ((st.created_at AT TIME ZONE 'UTC') + interval '7 hours')::date, sum(st.amount)
FROM seamless_transactions st
JOIN game_rounds r ON r.provider_code = st.provider_code AND r.round_id = st.round_id
WHERE st.op = 'bet' AND st.status = 'OK' AND r.status IN ('SETTLED', 'CLOSED')
GROUP BY 1, 2;
