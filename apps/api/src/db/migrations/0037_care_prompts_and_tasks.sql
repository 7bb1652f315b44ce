CREATE TABLE "care_answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" timestamp with time zone NOT NULL,
	"answer" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_interactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" bigint NOT NULL,
	"operator_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"note" text NOT NULL,
	"happened_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_marker_cursor" (
	"id" integer PRIMARY KEY NOT NULL,
	"evaluated_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_review_cadence" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"every_months" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "care_review_cadence_months" CHECK (every_months in (1, 3, 6))
);
--> statement-breakpoint
CREATE TABLE "care_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"marker" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"facts" jsonb NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" bigint,
	CONSTRAINT "care_tasks_closed_shape" CHECK ((status = 'OPEN' and closed_at is null) or (status = 'CLOSED' and closed_at is not null))
);
--> statement-breakpoint
ALTER TABLE "care_answers" ADD CONSTRAINT "care_answers_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_interactions" ADD CONSTRAINT "care_interactions_task_id_care_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."care_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_interactions" ADD CONSTRAINT "care_interactions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_review_cadence" ADD CONSTRAINT "care_review_cadence_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_tasks" ADD CONSTRAINT "care_tasks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_tasks" ADD CONSTRAINT "care_tasks_closed_by_operators_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_answers_period_key" ON "care_answers" USING btree ("player_id","kind","period");--> statement-breakpoint
CREATE INDEX "care_answers_player_idx" ON "care_answers" USING btree ("player_id","answered_at");--> statement-breakpoint
CREATE INDEX "care_interactions_task_idx" ON "care_interactions" USING btree ("task_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "care_tasks_one_open_key" ON "care_tasks" USING btree ("player_id","marker") WHERE status = 'OPEN';--> statement-breakpoint
CREATE INDEX "care_tasks_status_idx" ON "care_tasks" USING btree ("status","opened_at");--> statement-breakpoint
CREATE INDEX "care_tasks_player_idx" ON "care_tasks" USING btree ("player_id","opened_at");