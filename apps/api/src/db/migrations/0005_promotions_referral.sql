CREATE TABLE "accruals" (
	"day" text NOT NULL,
	"beneficiary_id" bigint NOT NULL,
	"source_id" bigint NOT NULL,
	"level" smallint NOT NULL,
	"turnover" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accruals_day_beneficiary_id_source_id_level_pk" PRIMARY KEY("day","beneficiary_id","source_id","level")
);
--> statement-breakpoint
CREATE TABLE "player_promotions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"promotion_id" bigint NOT NULL,
	"deposit_id" bigint NOT NULL,
	"deposit" bigint NOT NULL,
	"bonus" bigint NOT NULL,
	"turnover_type" text NOT NULL,
	"turnover_target" bigint NOT NULL,
	"turnover_current" bigint DEFAULT 0 NOT NULL,
	"rules" jsonb NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"end_reason" text,
	"received_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"credit_given_type" text NOT NULL,
	"credit_given" bigint NOT NULL,
	"rules" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"wallet" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accruals" ADD CONSTRAINT "accruals_beneficiary_id_players_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accruals" ADD CONSTRAINT "accruals_source_id_players_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_promotions" ADD CONSTRAINT "player_promotions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_promotions" ADD CONSTRAINT "player_promotions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_payouts" ADD CONSTRAINT "wallet_payouts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accruals_beneficiary_idx" ON "accruals" USING btree ("beneficiary_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "player_promotions_one_active_key" ON "player_promotions" USING btree ("player_id") WHERE status = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "player_promotions_player_idx" ON "player_promotions" USING btree ("player_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_payouts_period_key" ON "wallet_payouts" USING btree ("player_id","wallet","period");