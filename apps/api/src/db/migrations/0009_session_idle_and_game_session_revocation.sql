ALTER TABLE "game_sessions" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "game_sessions_player_open_idx" ON "game_sessions" USING btree ("player_id") WHERE revoked_at is null;