CREATE TABLE "report_day_sums" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"game" text NOT NULL,
	"pay_in_account" text NOT NULL,
	"promotion_id" bigint NOT NULL,
	"total" bigint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "report_day_sums_day_kind_provider_game_pay_in_account_promotion_id_pk" PRIMARY KEY("day","kind","provider","game","pay_in_account","promotion_id")
);
--> statement-breakpoint
CREATE TABLE "report_rollups" (
	"day" date PRIMARY KEY NOT NULL,
	"transfers" bigint NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL
);
