CREATE TABLE "promotion_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"promotion_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"credit_given_type" text NOT NULL,
	"credit_given" bigint NOT NULL,
	"rules" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"status" text NOT NULL,
	"proposed_by" bigint,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decision_note" text
);
--> statement-breakpoint
ALTER TABLE "player_promotions" ADD COLUMN "version_id" bigint;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "version_id" bigint;--> statement-breakpoint
ALTER TABLE "promotion_versions" ADD CONSTRAINT "promotion_versions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_versions" ADD CONSTRAINT "promotion_versions_proposed_by_operators_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_versions" ADD CONSTRAINT "promotion_versions_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_versions_number_key" ON "promotion_versions" USING btree ("promotion_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_versions_one_pending_key" ON "promotion_versions" USING btree ("promotion_id") WHERE status = 'PENDING';--> statement-breakpoint
ALTER TABLE "player_promotions" ADD CONSTRAINT "player_promotions_version_id_promotion_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."promotion_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written: promotions that existed before versions become their own published version 1, proposed and
-- approved by the system (null operators), and the promotions players hold point at it.
INSERT INTO "promotion_versions" ("promotion_id", "number", "title", "image", "credit_given_type", "credit_given", "rules", "status", "proposed_at", "decided_at")
SELECT "id", 1, "title", "image", "credit_given_type", "credit_given", "rules", 'PUBLISHED', "created_at", "created_at" FROM "promotions";--> statement-breakpoint
UPDATE "promotions" p SET "version_id" = v."id" FROM "promotion_versions" v WHERE v."promotion_id" = p."id";--> statement-breakpoint
UPDATE "player_promotions" pp SET "version_id" = p."version_id" FROM "promotions" p WHERE p."id" = pp."promotion_id";
