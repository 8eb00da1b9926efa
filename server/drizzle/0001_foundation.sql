CREATE TABLE "sys_captcha" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"expire_time" timestamp(0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_login_fail" (
	"tenant_id" varchar(12) NOT NULL,
	"account" varchar(64) NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"expire_time" timestamp(0) NOT NULL,
	CONSTRAINT "sys_login_fail_tenant_id_account_pk" PRIMARY KEY("tenant_id","account")
);
--> statement-breakpoint
CREATE TABLE "sys_secret" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_token" (
	"jti" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"pair_jti" varchar(64) NOT NULL,
	"user_id" bigint NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"expire_time" timestamp(0) NOT NULL,
	"revoke_time" timestamp(0),
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_client" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"client_id" varchar(48) NOT NULL,
	"client_secret" varchar(256) NOT NULL,
	"resource_ids" varchar(256) DEFAULT '' NOT NULL,
	"scope" varchar(256) DEFAULT 'all' NOT NULL,
	"authorized_grant_types" varchar(256) NOT NULL,
	"web_server_redirect_uri" varchar(256) DEFAULT '' NOT NULL,
	"authorities" varchar(256) DEFAULT '' NOT NULL,
	"access_token_validity" integer NOT NULL,
	"refresh_token_validity" integer NOT NULL,
	"additional_information" varchar(4096) DEFAULT '' NOT NULL,
	"autoapprove" varchar(256) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_dict" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(255) NOT NULL,
	"dict_key" varchar(255) NOT NULL,
	"dict_value" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"is_sealed" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_dict_biz" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(255) NOT NULL,
	"dict_key" varchar(255) NOT NULL,
	"dict_value" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"is_sealed" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_dict_biz" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_menu" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"alias" varchar(255) DEFAULT '' NOT NULL,
	"path" varchar(255) DEFAULT '' NOT NULL,
	"source" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"category" integer DEFAULT 1 NOT NULL,
	"action" integer DEFAULT 0 NOT NULL,
	"is_open" integer DEFAULT 1 NOT NULL,
	"component" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_param" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"param_name" varchar(255) NOT NULL,
	"param_key" varchar(255) NOT NULL,
	"param_value" text NOT NULL,
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
CREATE TABLE "blade_tenant" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"tenant_name" varchar(50) NOT NULL,
	"domain" varchar(255) DEFAULT '' NOT NULL,
	"background_url" varchar(1000) DEFAULT '' NOT NULL,
	"linkman" varchar(20) DEFAULT '' NOT NULL,
	"contact_number" varchar(20) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"account_number" integer DEFAULT -1 NOT NULL,
	"expire_time" timestamp(0),
	"package_id" bigint,
	"datasource_id" bigint,
	"license_key" varchar(1000) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_tenant" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_tenant_package" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"package_name" varchar(50) NOT NULL,
	"menu_id" text DEFAULT '' NOT NULL,
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
CREATE TABLE "blade_top_menu" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"code" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"source" varchar(255) DEFAULT '' NOT NULL,
	"path" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_top_menu" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_top_menu_setting" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"top_menu_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_top_menu_setting" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_dept" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"ancestors" text DEFAULT '0' NOT NULL,
	"dept_category" integer DEFAULT 1 NOT NULL,
	"dept_name" varchar(45) NOT NULL,
	"full_name" varchar(45) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_dept" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_post" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"category" integer DEFAULT 4 NOT NULL,
	"post_code" varchar(12) NOT NULL,
	"post_name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
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
ALTER TABLE "blade_post" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_role" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"role_name" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"role_alias" varchar(255) NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_role" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_role_menu" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"menu_id" bigint NOT NULL,
	"role_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_role_menu" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_role_scope" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"scope_category" integer NOT NULL,
	"scope_id" bigint NOT NULL,
	"role_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_role_scope" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_scope_api" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"menu_id" bigint NOT NULL,
	"resource_code" varchar(255) DEFAULT '' NOT NULL,
	"scope_name" varchar(255) NOT NULL,
	"scope_type" integer NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"scope_path" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_scope_data" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"menu_id" bigint NOT NULL,
	"resource_code" varchar(255) DEFAULT '' NOT NULL,
	"scope_name" varchar(255) NOT NULL,
	"scope_type" integer NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"scope_field" varchar(255) DEFAULT '*' NOT NULL,
	"scope_class" varchar(500) DEFAULT '' NOT NULL,
	"scope_column" varchar(255) DEFAULT '' NOT NULL,
	"scope_value" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"code" varchar(12) DEFAULT '' NOT NULL,
	"user_type" integer DEFAULT 1 NOT NULL,
	"account" varchar(45) NOT NULL,
	"password" varchar(255) NOT NULL,
	"name" varchar(20) DEFAULT '' NOT NULL,
	"real_name" varchar(10) DEFAULT '' NOT NULL,
	"avatar" varchar(500) DEFAULT '' NOT NULL,
	"email" varchar(45) DEFAULT '' NOT NULL,
	"phone" varchar(45) DEFAULT '' NOT NULL,
	"birthday" timestamp(0),
	"sex" integer,
	"role_id" varchar(1000) DEFAULT '' NOT NULL,
	"dept_id" varchar(1000) DEFAULT '' NOT NULL,
	"post_id" varchar(1000) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_user" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_user_ext" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"user_id" bigint NOT NULL,
	"user_type" integer DEFAULT 1 NOT NULL,
	"user_ext" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_user_ext" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_log_api" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"service_id" varchar(32) DEFAULT 'zoo-server' NOT NULL,
	"server_host" varchar(255) DEFAULT '' NOT NULL,
	"server_ip" varchar(255) DEFAULT '' NOT NULL,
	"env" varchar(255) DEFAULT '' NOT NULL,
	"method" varchar(10) DEFAULT '' NOT NULL,
	"request_uri" varchar(1000) DEFAULT '' NOT NULL,
	"user_agent" varchar(1000) DEFAULT '' NOT NULL,
	"remote_ip" varchar(255) DEFAULT '' NOT NULL,
	"method_class" varchar(255) DEFAULT '' NOT NULL,
	"method_name" varchar(255) DEFAULT '' NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"create_by" varchar(64) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"type" varchar(2) DEFAULT '1' NOT NULL,
	"title" varchar(255) DEFAULT '' NOT NULL,
	"time" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_log_api" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_log_error" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"service_id" varchar(32) DEFAULT 'zoo-server' NOT NULL,
	"server_host" varchar(255) DEFAULT '' NOT NULL,
	"server_ip" varchar(255) DEFAULT '' NOT NULL,
	"env" varchar(255) DEFAULT '' NOT NULL,
	"method" varchar(10) DEFAULT '' NOT NULL,
	"request_uri" varchar(1000) DEFAULT '' NOT NULL,
	"user_agent" varchar(1000) DEFAULT '' NOT NULL,
	"remote_ip" varchar(255) DEFAULT '' NOT NULL,
	"method_class" varchar(255) DEFAULT '' NOT NULL,
	"method_name" varchar(255) DEFAULT '' NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"create_by" varchar(64) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"stack_trace" text DEFAULT '' NOT NULL,
	"exception_name" varchar(255) DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"line_number" varchar(32) DEFAULT '' NOT NULL,
	"file_name" varchar(1000) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_log_error" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_log_usual" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"service_id" varchar(32) DEFAULT 'zoo-server' NOT NULL,
	"server_host" varchar(255) DEFAULT '' NOT NULL,
	"server_ip" varchar(255) DEFAULT '' NOT NULL,
	"env" varchar(255) DEFAULT '' NOT NULL,
	"method" varchar(10) DEFAULT '' NOT NULL,
	"request_uri" varchar(1000) DEFAULT '' NOT NULL,
	"user_agent" varchar(1000) DEFAULT '' NOT NULL,
	"remote_ip" varchar(255) DEFAULT '' NOT NULL,
	"method_class" varchar(255) DEFAULT '' NOT NULL,
	"method_name" varchar(255) DEFAULT '' NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"create_by" varchar(64) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"log_level" varchar(10) DEFAULT '' NOT NULL,
	"log_id" varchar(100) DEFAULT '' NOT NULL,
	"log_data" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_log_usual" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "sys_captcha_expire_idx" ON "sys_captcha" USING btree ("expire_time");--> statement-breakpoint
CREATE INDEX "sys_token_user_idx" ON "sys_token" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "sys_token_expire_idx" ON "sys_token" USING btree ("expire_time");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_client_uq" ON "blade_client" USING btree ("client_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_dict_code_idx" ON "blade_dict" USING btree ("code");--> statement-breakpoint
CREATE INDEX "blade_dict_biz_code_idx" ON "blade_dict_biz" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "blade_menu_parent_idx" ON "blade_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_menu_code_uq" ON "blade_menu" USING btree ("code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_param_key_uq" ON "blade_param" USING btree ("param_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_tenant_code_uq" ON "blade_tenant" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blade_top_menu_tenant_idx" ON "blade_top_menu" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blade_top_menu_setting_idx" ON "blade_top_menu_setting" USING btree ("tenant_id","top_menu_id");--> statement-breakpoint
CREATE INDEX "blade_dept_tenant_idx" ON "blade_dept" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "blade_post_tenant_idx" ON "blade_post" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blade_role_tenant_idx" ON "blade_role" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blade_role_menu_role_idx" ON "blade_role_menu" USING btree ("tenant_id","role_id");--> statement-breakpoint
CREATE INDEX "blade_role_scope_role_idx" ON "blade_role_scope" USING btree ("tenant_id","role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_account_uq" ON "blade_user" USING btree ("tenant_id","account") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_ext_uq" ON "blade_user_ext" USING btree ("tenant_id","user_id","user_type");--> statement-breakpoint
CREATE INDEX "blade_log_api_idx" ON "blade_log_api" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_log_error_idx" ON "blade_log_error" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_log_usual_idx" ON "blade_log_usual" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE POLICY "blade_dict_biz_tenant_isolation" ON "blade_dict_biz" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_tenant_tenant_isolation" ON "blade_tenant" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_top_menu_tenant_isolation" ON "blade_top_menu" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_top_menu_setting_tenant_isolation" ON "blade_top_menu_setting" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_dept_tenant_isolation" ON "blade_dept" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_post_tenant_isolation" ON "blade_post" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_role_tenant_isolation" ON "blade_role" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_role_menu_tenant_isolation" ON "blade_role_menu" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_role_scope_tenant_isolation" ON "blade_role_scope" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_user_tenant_isolation" ON "blade_user" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_user_ext_tenant_isolation" ON "blade_user_ext" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_log_api_tenant_isolation" ON "blade_log_api" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_log_error_tenant_isolation" ON "blade_log_error" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_log_usual_tenant_isolation" ON "blade_log_usual" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));