-- Auto-approval inside the money policy (issue 37 §4, ADR 085): the answer kept on each withdrawal (empty: paid without an operator; else the gates' reasons), and the caps as plan values, changed under two keys like the rest of the plan.
ALTER TABLE "plan_versions" DROP CONSTRAINT "plan_versions_ranges";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "auto_refusals" jsonb;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD COLUMN "auto_payout_max" bigint DEFAULT 500000 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD COLUMN "auto_player_day_total" bigint DEFAULT 2000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD COLUMN "auto_player_day_count" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD COLUMN "auto_site_hour_budget" bigint DEFAULT 10000000 NOT NULL;--> statement-breakpoint
CREATE INDEX "withdrawals_auto_approved_idx" ON "withdrawals" USING btree ("created_at") WHERE auto_refusals = '[]'::jsonb;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD CONSTRAINT "plan_versions_ranges" CHECK (level1_bp between 0 and 10000 and level2_bp between 0 and 10000 and level3_bp between 0 and 10000 and rebate_bp between 0 and 10000
        and bonus_min >= 0 and bonus_max >= 0 and refund_min >= 0 and refund_max >= 0 and deposit_min > 0 and withdraw_min > 0 and four_eyes_above >= 0
        and auto_payout_max >= 0 and auto_player_day_total >= 0 and auto_player_day_count >= 0 and auto_site_hour_budget >= 0);