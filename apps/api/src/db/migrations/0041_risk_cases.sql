CREATE TABLE "risk_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"case_id" integer,
	"rule" text NOT NULL,
	"event" text NOT NULL,
	"action" text NOT NULL,
	"reference" text NOT NULL,
	"params_version" integer NOT NULL,
	"inputs" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_case_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"operator_id" bigint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_cases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"status" text NOT NULL,
	"assignee_id" bigint,
	"due_at" timestamp with time zone,
	"outcome" text,
	"str" boolean DEFAULT false NOT NULL,
	"close_outcome" text,
	"close_str" boolean,
	"close_note" text,
	"close_requested_by" bigint,
	"close_requested_at" timestamp with time zone,
	"closed_by" bigint,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_cases_closed_outcome" CHECK ((status = 'CLOSED') = (outcome is not null and closed_at is not null))
);
--> statement-breakpoint
CREATE TABLE "risk_param_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"params" jsonb NOT NULL,
	"reason" text NOT NULL,
	"proposed_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"effective_from" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "risk_alerts" ADD CONSTRAINT "risk_alerts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_case_notes" ADD CONSTRAINT "risk_case_notes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_cases" ADD CONSTRAINT "risk_cases_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_cases" ADD CONSTRAINT "risk_cases_assignee_id_operators_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_cases" ADD CONSTRAINT "risk_cases_close_requested_by_operators_id_fk" FOREIGN KEY ("close_requested_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_cases" ADD CONSTRAINT "risk_cases_closed_by_operators_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_param_versions" ADD CONSTRAINT "risk_param_versions_proposed_by_operators_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_param_versions" ADD CONSTRAINT "risk_param_versions_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_alerts_player_idx" ON "risk_alerts" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "risk_alerts_case_idx" ON "risk_alerts" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "risk_alerts_unattached_idx" ON "risk_alerts" USING btree ("created_at") WHERE case_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_alerts_rule_reference_key" ON "risk_alerts" USING btree ("rule","reference");--> statement-breakpoint
CREATE INDEX "risk_case_notes_case_idx" ON "risk_case_notes" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_cases_one_open_key" ON "risk_cases" USING btree ("player_id") WHERE status <> 'CLOSED';--> statement-breakpoint
CREATE INDEX "risk_cases_status_idx" ON "risk_cases" USING btree ("status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_param_versions_one_pending_key" ON "risk_param_versions" USING btree ("status") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "risk_param_versions_effective_idx" ON "risk_param_versions" USING btree ("effective_from") WHERE status = 'APPLIED';--> statement-breakpoint
CREATE INDEX "deposits_sender_idx" ON "deposits" USING btree ("from_bank_code","from_account");