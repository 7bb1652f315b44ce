CREATE TABLE "player_exclusions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_exclusions_end_after_start" CHECK (ends_at is null or ends_at > starts_at),
	CONSTRAINT "player_exclusions_permanent" CHECK ((period = 'PERMANENT') = (ends_at is null))
);
--> statement-breakpoint
ALTER TABLE "player_exclusions" ADD CONSTRAINT "player_exclusions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_exclusions_player_idx" ON "player_exclusions" USING btree ("player_id","starts_at");--> statement-breakpoint
-- A time-out or self-exclusion cannot be ended early by anyone (issue 21 §2, ADR 047): rows are append-only by trigger,
-- like the ledger's transfers, and the runtime role may not change or remove one either.
CREATE TRIGGER player_exclusions_append_only BEFORE UPDATE OR DELETE ON player_exclusions FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER player_exclusions_no_truncate BEFORE TRUNCATE ON player_exclusions FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON player_exclusions FROM sanam_runtime;
