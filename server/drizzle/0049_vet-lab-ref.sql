CREATE TABLE "zoo_med_lab_ref" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"species_id" bigint NOT NULL,
	"test_name" varchar(100) NOT NULL,
	"unit" varchar(20) DEFAULT '' NOT NULL,
	"ref_low" numeric(20, 6),
	"ref_high" numeric(20, 6),
	"source" varchar(200) DEFAULT '' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_med_lab_ref" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "zoo_med_lab" ADD COLUMN "ref_source" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "zoo_med_lab" ADD COLUMN "ref_id" bigint;--> statement-breakpoint
-- Results written before species intervals existed carry the interval typed on them, if any.
UPDATE "zoo_med_lab" SET "ref_source" = 1 WHERE "ref_low" IS NOT NULL OR "ref_high" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_med_lab_ref_uq" ON "zoo_med_lab_ref" USING btree ("tenant_id","species_id",lower("test_name"),lower("unit")) WHERE is_deleted = 0;--> statement-breakpoint
CREATE POLICY "zoo_med_lab_ref_tenant_isolation" ON "zoo_med_lab_ref" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));