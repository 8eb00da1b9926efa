CREATE TABLE "blade_code" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"model_id" bigint NOT NULL,
	"service_name" varchar(30) NOT NULL,
	"code_name" varchar(50) NOT NULL,
	"table_name" varchar(64) NOT NULL,
	"table_prefix" varchar(30) DEFAULT '' NOT NULL,
	"pk_name" varchar(64) DEFAULT 'id' NOT NULL,
	"package_name" varchar(40) NOT NULL,
	"base_mode" integer DEFAULT 1 NOT NULL,
	"wrap_mode" integer DEFAULT 2 NOT NULL,
	"api_path" varchar(200) NOT NULL,
	"web_path" varchar(200) NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_datasource" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"name" varchar(100) NOT NULL,
	"driver_class" varchar(100) NOT NULL,
	"url" varchar(500) NOT NULL,
	"username" varchar(100) NOT NULL,
	"password" varchar(1000) DEFAULT '' NOT NULL,
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
CREATE TABLE "blade_model" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"datasource_id" bigint NOT NULL,
	"model_name" varchar(100) NOT NULL,
	"model_code" varchar(100) NOT NULL,
	"model_table" varchar(64) NOT NULL,
	"model_class" varchar(100) DEFAULT '' NOT NULL,
	"model_remark" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_model_prototype" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"model_id" bigint NOT NULL,
	"jdbc_name" varchar(64) NOT NULL,
	"jdbc_type" varchar(64) NOT NULL,
	"jdbc_comment" varchar(255) DEFAULT '' NOT NULL,
	"property_type" varchar(20) NOT NULL,
	"property_entity" varchar(255) DEFAULT '' NOT NULL,
	"property_name" varchar(64) NOT NULL,
	"is_list" integer DEFAULT 1 NOT NULL,
	"is_form" integer DEFAULT 1 NOT NULL,
	"is_row" integer DEFAULT 0 NOT NULL,
	"component_type" varchar(20) DEFAULT 'input' NOT NULL,
	"dict_code" varchar(100) DEFAULT '' NOT NULL,
	"is_required" integer DEFAULT 0 NOT NULL,
	"is_query" integer DEFAULT 0 NOT NULL,
	"query_type" varchar(20) DEFAULT 'equal' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "blade_model_code_uq" ON "blade_model" USING btree ("model_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_model_prototype_model_idx" ON "blade_model_prototype" USING btree ("model_id");