CREATE TABLE "plan_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"level1_bp" integer NOT NULL,
	"level2_bp" integer NOT NULL,
	"level3_bp" integer NOT NULL,
	"rebate_bp" integer NOT NULL,
	"bonus_min" bigint NOT NULL,
	"bonus_max" bigint NOT NULL,
	"bonus_interval" text NOT NULL,
	"refund_min" bigint NOT NULL,
	"refund_max" bigint NOT NULL,
	"refund_interval" text NOT NULL,
	"deposit_min" bigint NOT NULL,
	"withdraw_min" bigint NOT NULL,
	"four_eyes_above" bigint NOT NULL,
	"reason" text NOT NULL,
	"proposed_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"effective_from" timestamp with time zone,
	CONSTRAINT "plan_versions_applied_effective" CHECK ((status = 'APPLIED') = (effective_from is not null)),
	CONSTRAINT "plan_versions_ranges" CHECK (level1_bp between 0 and 10000 and level2_bp between 0 and 10000 and level3_bp between 0 and 10000 and rebate_bp between 0 and 10000
        and bonus_min >= 0 and bonus_max >= 0 and refund_min >= 0 and refund_max >= 0 and deposit_min > 0 and withdraw_min > 0 and four_eyes_above >= 0)
);
--> statement-breakpoint
ALTER TABLE "plan_versions" ADD CONSTRAINT "plan_versions_proposed_by_operators_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD CONSTRAINT "plan_versions_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_versions_one_pending_key" ON "plan_versions" USING btree ("status") WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "plan_versions_one_first_key" ON "plan_versions" USING btree ("status") WHERE proposed_by is null;--> statement-breakpoint
CREATE INDEX "plan_versions_effective_idx" ON "plan_versions" USING btree ("effective_from") WHERE status = 'APPLIED';