CREATE TABLE "blade_report" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"name" varchar(50) NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"dataset" varchar(64) NOT NULL,
	"design" jsonb NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_report" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_report_name_uq" ON "blade_report" USING btree ("tenant_id","name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_report_dataset_idx" ON "blade_report" USING btree ("tenant_id","dataset");--> statement-breakpoint
CREATE POLICY "blade_report_tenant_isolation" ON "blade_report" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));