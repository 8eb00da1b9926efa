CREATE TABLE "blade_notice" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"title" varchar(255) NOT NULL,
	"category" integer NOT NULL,
	"release_time" timestamp(0) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_notice" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_attach" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"link" varchar(1000) NOT NULL,
	"domain" varchar(500) DEFAULT '' NOT NULL,
	"name" varchar(500) DEFAULT '' NOT NULL,
	"original_name" varchar(500) DEFAULT '' NOT NULL,
	"extension" varchar(12) DEFAULT '' NOT NULL,
	"attach_size" bigint DEFAULT 0 NOT NULL,
	"oss_id" bigint,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_attach" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_oss" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"category" integer NOT NULL,
	"oss_code" varchar(32) NOT NULL,
	"endpoint" varchar(255) DEFAULT '' NOT NULL,
	"access_key" varchar(255) DEFAULT '' NOT NULL,
	"secret_key" varchar(255) DEFAULT '' NOT NULL,
	"bucket_name" varchar(255) DEFAULT '' NOT NULL,
	"app_id" varchar(255) DEFAULT '' NOT NULL,
	"region" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_oss" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_sms" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"category" integer NOT NULL,
	"sms_code" varchar(32) NOT NULL,
	"template_id" varchar(64) DEFAULT '' NOT NULL,
	"access_key" varchar(255) DEFAULT '' NOT NULL,
	"secret_key" varchar(255) DEFAULT '' NOT NULL,
	"region_id" varchar(255) DEFAULT '' NOT NULL,
	"sign_name" varchar(255) DEFAULT '' NOT NULL,
	"app_id" varchar(255) DEFAULT '' NOT NULL,
	"endpoint" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_sms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "blade_notice_release_idx" ON "blade_notice" USING btree ("tenant_id","release_time");--> statement-breakpoint
CREATE INDEX "blade_attach_tenant_idx" ON "blade_attach" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_oss_code_uq" ON "blade_oss" USING btree ("tenant_id","oss_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_oss_enabled_uq" ON "blade_oss" USING btree ("tenant_id") WHERE status = 2 and is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_sms_code_uq" ON "blade_sms" USING btree ("tenant_id","sms_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_sms_enabled_uq" ON "blade_sms" USING btree ("tenant_id") WHERE status = 2 and is_deleted = 0;--> statement-breakpoint
CREATE POLICY "blade_notice_tenant_isolation" ON "blade_notice" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_attach_tenant_isolation" ON "blade_attach" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_oss_tenant_isolation" ON "blade_oss" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_sms_tenant_isolation" ON "blade_sms" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));