CREATE TABLE "site_content_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"content" jsonb NOT NULL,
	"proposed_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	CONSTRAINT "site_content_versions_decided" CHECK ((status = 'PENDING') = (decided_at is null))
);
--> statement-breakpoint
ALTER TABLE "site_content_versions" ADD CONSTRAINT "site_content_versions_proposed_by_operators_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_content_versions" ADD CONSTRAINT "site_content_versions_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_content_versions_one_pending_key" ON "site_content_versions" USING btree ("status") WHERE status = 'PENDING';