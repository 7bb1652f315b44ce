-- The rate-limit counters shared by every API process on PostgreSQL without Redis (ADR 067): made here, by the owner,
-- so the runtime role (which creates nothing, ADR 037) only reads and writes them; migration 0015's default privileges
-- give sanam_runtime its rights on this table.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
