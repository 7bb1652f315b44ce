CREATE TABLE "game_rounds" (
	"provider_code" text NOT NULL,
	"round_id" text NOT NULL,
	"player_id" bigint NOT NULL,
	"game_code" text,
	"total_bet" bigint DEFAULT 0 NOT NULL,
	"total_win" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_rounds_provider_code_round_id_pk" PRIMARY KEY("provider_code","round_id")
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"player_id" bigint NOT NULL,
	"provider_code" text NOT NULL,
	"game_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_code" text NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"type" text NOT NULL,
	"lobby" boolean DEFAULT false NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"code" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"types" jsonb NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"lobby" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"adapter" text DEFAULT 'demo' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seamless_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_code" text NOT NULL,
	"op" text NOT NULL,
	"request_id" text,
	"tx_id" text,
	"request" text NOT NULL,
	"response" text NOT NULL,
	"http_status" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seamless_transactions" (
	"provider_code" text NOT NULL,
	"tx_id" text NOT NULL,
	"op" text NOT NULL,
	"player_id" bigint,
	"round_id" text NOT NULL,
	"game_code" text,
	"amount" bigint NOT NULL,
	"ref_tx_id" text,
	"status" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seamless_transactions_provider_code_tx_id_pk" PRIMARY KEY("provider_code","tx_id")
);
--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_code_providers_code_fk" FOREIGN KEY ("provider_code") REFERENCES "public"."providers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_rounds_open_idx" ON "game_rounds" USING btree ("updated_at") WHERE status = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "game_sessions_token_hash_key" ON "game_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "game_sessions_player_idx" ON "game_sessions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "games_provider_code_key" ON "games" USING btree ("provider_code","code");--> statement-breakpoint
CREATE INDEX "games_type_idx" ON "games" USING btree ("type");--> statement-breakpoint
CREATE INDEX "games_popularity_idx" ON "games" USING btree ("popularity");--> statement-breakpoint
CREATE INDEX "seamless_log_tx_idx" ON "seamless_log" USING btree ("provider_code","tx_id");--> statement-breakpoint
CREATE INDEX "seamless_tx_player_idx" ON "seamless_transactions" USING btree ("player_id","created_at");