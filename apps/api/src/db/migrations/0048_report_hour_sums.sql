CREATE TABLE "report_hour_rollups" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"transfers" bigint NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_hour_sums" (
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"game" text NOT NULL,
	"pay_in_account" text NOT NULL,
	"promotion_id" bigint NOT NULL,
	"total" bigint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "report_hour_sums_hour_kind_provider_game_pay_in_account_promotion_id_pk" PRIMARY KEY("hour","kind","provider","game","pay_in_account","promotion_id")
);
