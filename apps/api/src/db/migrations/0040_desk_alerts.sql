CREATE TABLE "operator_alert_reads" (
	"alert_id" bigint NOT NULL,
	"operator_id" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operator_alert_reads_alert_id_operator_id_pk" PRIMARY KEY("alert_id","operator_id")
);
--> statement-breakpoint
ALTER TABLE "operator_alerts" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "operator_alerts" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "operator_alert_reads" ADD CONSTRAINT "operator_alert_reads_alert_id_operator_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."operator_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_alert_reads" ADD CONSTRAINT "operator_alert_reads_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_alerts_kind_subject" ON "operator_alerts" USING btree ("kind","subject") WHERE subject is not null;--> statement-breakpoint
CREATE INDEX "operator_alerts_created" ON "operator_alerts" USING btree ("created_at");