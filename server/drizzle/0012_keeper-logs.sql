CREATE TABLE "zoo_basic_log" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"animal_type" integer NOT NULL,
	"animal_id" bigint NOT NULL,
	"species_id" bigint NOT NULL,
	"cage_id" bigint,
	"log_date" date NOT NULL,
	"log_time" varchar(5) DEFAULT '' NOT NULL,
	"keeper_id" bigint,
	"diet" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"intake" integer DEFAULT 1 NOT NULL,
	"appetite" integer DEFAULT 1 NOT NULL,
	"behaviour" integer DEFAULT 1 NOT NULL,
	"faeces" integer DEFAULT 1 NOT NULL,
	"health" integer DEFAULT 1 NOT NULL,
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
ALTER TABLE "zoo_basic_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_feedback" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"feedback_type" integer DEFAULT 1 NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" varchar(2000) NOT NULL,
	"contact_name" varchar(50) DEFAULT '' NOT NULL,
	"contact_phone" varchar(30) DEFAULT '' NOT NULL,
	"handle_state" integer DEFAULT 1 NOT NULL,
	"reply" varchar(2000) DEFAULT '' NOT NULL,
	"reply_user" bigint,
	"reply_time" timestamp(0),
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_feedback" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_cage_device_key" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"cage_id" bigint NOT NULL,
	"key_id" varchar(24) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"revoke_time" timestamp(0),
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_cage_device_key" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_humiture" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"cage_id" bigint NOT NULL,
	"read_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"temperature" double precision NOT NULL,
	"humidity" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_humiture" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_basic_log_day_uq" ON "zoo_basic_log" USING btree ("tenant_id","animal_id","log_date") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "zoo_basic_log_date_idx" ON "zoo_basic_log" USING btree ("tenant_id","log_date");--> statement-breakpoint
CREATE INDEX "zoo_feedback_state_idx" ON "zoo_feedback" USING btree ("tenant_id","handle_state");--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_cage_device_key_id_uq" ON "zoo_cage_device_key" USING btree ("key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_cage_device_key_live_uq" ON "zoo_cage_device_key" USING btree ("tenant_id","cage_id") WHERE revoke_time is null and is_deleted = 0;--> statement-breakpoint
CREATE INDEX "zoo_humiture_cage_time_idx" ON "zoo_humiture" USING btree ("tenant_id","cage_id","read_time");--> statement-breakpoint
CREATE POLICY "zoo_basic_log_tenant_isolation" ON "zoo_basic_log" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_feedback_tenant_isolation" ON "zoo_feedback" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_cage_device_key_tenant_isolation" ON "zoo_cage_device_key" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_humiture_tenant_isolation" ON "zoo_humiture" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));