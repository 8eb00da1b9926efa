CREATE TABLE "sys_import_job" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"kind" varchar(32) NOT NULL,
	"state" varchar(16) DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"msg" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint NOT NULL,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_import_job" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_region" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"parent_code" varchar(12) NOT NULL,
	"ancestors" varchar(255) DEFAULT '' NOT NULL,
	"name" varchar(32) NOT NULL,
	"province_code" varchar(12) DEFAULT '' NOT NULL,
	"province_name" varchar(32) DEFAULT '' NOT NULL,
	"city_code" varchar(12) DEFAULT '' NOT NULL,
	"city_name" varchar(32) DEFAULT '' NOT NULL,
	"district_code" varchar(12) DEFAULT '' NOT NULL,
	"district_name" varchar(32) DEFAULT '' NOT NULL,
	"town_code" varchar(12) DEFAULT '' NOT NULL,
	"town_name" varchar(32) DEFAULT '' NOT NULL,
	"village_code" varchar(12) DEFAULT '' NOT NULL,
	"village_name" varchar(32) DEFAULT '' NOT NULL,
	"region_level" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blade_region_parent_idx" ON "blade_region" USING btree ("parent_code","code");--> statement-breakpoint
CREATE POLICY "sys_import_job_tenant_isolation" ON "sys_import_job" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));