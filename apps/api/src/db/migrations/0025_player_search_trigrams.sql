-- pg_trgm (trusted: the database's owner may create it; PGlite loads it as @electric-sql/pglite/contrib/pg_trgm).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "players_mobile_trgm_idx" ON "players" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "players_bank_account_trgm_idx" ON "players" USING gin ("bank_account" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "players_name_trgm_idx" ON "players" USING gin (("firstname" || ' ' || "surname") gin_trgm_ops);