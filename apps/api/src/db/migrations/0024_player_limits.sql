CREATE TABLE "player_limits" (
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"pending_value" bigint,
	"pending_requested_at" timestamp with time zone,
	"pending_confirmable_at" timestamp with time zone,
	"pending_lapses_at" timestamp with time zone,
	CONSTRAINT "player_limits_player_id_kind_pk" PRIMARY KEY("player_id","kind"),
	CONSTRAINT "player_limits_value_positive" CHECK (value > 0),
	CONSTRAINT "player_limits_pending_shape" CHECK ((pending_requested_at is null and pending_value is null and pending_confirmable_at is null and pending_lapses_at is null)
        or (pending_requested_at is not null and pending_confirmable_at is not null and pending_lapses_at is not null and (pending_value is null or pending_value > value)))
);
--> statement-breakpoint
CREATE TABLE "session_reminders" (
	"session_id" bigint PRIMARY KEY NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_exceptions" ADD COLUMN "limit_detail" jsonb;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;