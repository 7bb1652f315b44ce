CREATE TABLE "media" (
	"path" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"body" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_registrations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"otp_hash" "bytea" NOT NULL,
	"otp_ref" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"payload" jsonb NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"password_hash" text NOT NULL,
	"firstname" text NOT NULL,
	"surname" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_account" text NOT NULL,
	"invite_code" text NOT NULL,
	"upline_id" bigint,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"player_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"theme_primary" text NOT NULL,
	"theme_background" text NOT NULL,
	"favicon_url" text NOT NULL,
	"logo_url" text NOT NULL,
	"contact_line" text NOT NULL,
	"slides" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_registrations_mobile_key" ON "pending_registrations" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "players_mobile_key" ON "players" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "players_bank_key" ON "players" USING btree ("bank_code","bank_account");--> statement-breakpoint
CREATE UNIQUE INDEX "players_invite_code_key" ON "players" USING btree ("invite_code");--> statement-breakpoint
CREATE INDEX "players_upline_idx" ON "players" USING btree ("upline_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_player_live_idx" ON "sessions" USING btree ("player_id") WHERE revoked_at is null;