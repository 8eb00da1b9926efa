CREATE TABLE "blade_process_leave" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"process_definition_id" varchar(255) NOT NULL,
	"process_instance_id" varchar(64) DEFAULT '' NOT NULL,
	"start_time" timestamp(0) NOT NULL,
	"end_time" timestamp(0) NOT NULL,
	"reason" varchar(255) NOT NULL,
	"days" integer NOT NULL,
	"task_user" bigint NOT NULL,
	"apply_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_process_leave" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "flow_definition" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"definition_id" varchar(255) NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"mode" integer NOT NULL,
	"deployment_id" bigint NOT NULL,
	"process_key" varchar(100) NOT NULL,
	"name" varchar(200) NOT NULL,
	"category" varchar(20) NOT NULL,
	"version" integer NOT NULL,
	"resource_name" varchar(255) NOT NULL,
	"xml" text NOT NULL,
	"tasks" jsonb NOT NULL,
	"suspension_state" integer DEFAULT 1 NOT NULL,
	"deployment_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint
);
--> statement-breakpoint
ALTER TABLE "flow_definition" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "flow_engine_state" (
	"instance_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"state" jsonb NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"saved_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_engine_state" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "flow_history" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"instance_id" bigint NOT NULL,
	"activity_id" varchar(255) NOT NULL,
	"activity_name" varchar(200) DEFAULT '' NOT NULL,
	"activity_type" varchar(60) NOT NULL,
	"execution_id" varchar(255) DEFAULT '' NOT NULL,
	"task_id" bigint,
	"assignee" bigint,
	"start_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"end_time" timestamp(0),
	"seq" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "flow_instance" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"definition_id" varchar(255) NOT NULL,
	"process_key" varchar(100) NOT NULL,
	"name" varchar(200) NOT NULL,
	"category" varchar(20) NOT NULL,
	"version" integer NOT NULL,
	"business_key" varchar(120) DEFAULT '' NOT NULL,
	"start_user_id" bigint,
	"start_user_name" varchar(100) DEFAULT '' NOT NULL,
	"start_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"end_time" timestamp(0),
	"state" varchar(12) DEFAULT 'running' NOT NULL,
	"delete_reason" varchar(500) DEFAULT '' NOT NULL,
	"suspension_state" integer DEFAULT 1 NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_instance" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "flow_model" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"model_key" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"model_type" integer DEFAULT 0 NOT NULL,
	"model_editor_xml" text DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_model" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "flow_task" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"instance_id" bigint NOT NULL,
	"task_def_key" varchar(255) NOT NULL,
	"execution_id" varchar(255) NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"assignee" bigint,
	"candidate_users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"candidate_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"claim_time" timestamp(0),
	"end_time" timestamp(0),
	"comment" varchar(1000) DEFAULT '' NOT NULL,
	"flag" varchar(20) DEFAULT '' NOT NULL,
	"pass" boolean,
	"delete_reason" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_task" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_stock_approval" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"movement" varchar(20) NOT NULL,
	"payload" jsonb NOT NULL,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"reason" varchar(1000) DEFAULT '' NOT NULL,
	"process_instance_id" bigint,
	"stock_log_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decided_time" timestamp(0),
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_stock_approval" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "flow_definition_id_uq" ON "flow_definition" USING btree ("definition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_definition_version_uq" ON "flow_definition" USING btree ("tenant_id","process_key","version");--> statement-breakpoint
CREATE INDEX "flow_definition_key_idx" ON "flow_definition" USING btree ("process_key","mode");--> statement-breakpoint
CREATE INDEX "flow_definition_deployment_idx" ON "flow_definition" USING btree ("deployment_id");--> statement-breakpoint
CREATE INDEX "flow_history_instance_idx" ON "flow_history" USING btree ("tenant_id","instance_id","seq");--> statement-breakpoint
CREATE INDEX "flow_instance_start_idx" ON "flow_instance" USING btree ("tenant_id","start_user_id","start_time");--> statement-breakpoint
CREATE INDEX "flow_instance_business_idx" ON "flow_instance" USING btree ("tenant_id","business_key");--> statement-breakpoint
CREATE INDEX "flow_model_key_idx" ON "flow_model" USING btree ("tenant_id","model_key");--> statement-breakpoint
CREATE INDEX "flow_task_open_idx" ON "flow_task" USING btree ("tenant_id","instance_id") WHERE end_time is null;--> statement-breakpoint
CREATE INDEX "flow_task_assignee_idx" ON "flow_task" USING btree ("tenant_id","assignee","end_time");--> statement-breakpoint
CREATE INDEX "zoo_stock_approval_state_idx" ON "zoo_stock_approval" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE POLICY "blade_process_leave_tenant_isolation" ON "blade_process_leave" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "flow_definition_tenant_read" ON "flow_definition" AS PERMISSIVE FOR ALL TO public USING (tenant_id in (current_setting('app.tenant_id', true), '')) WITH CHECK (tenant_id = current_setting('app.tenant_id', true) or (tenant_id = '' and current_setting('app.tenant_id', true) = '000000'));--> statement-breakpoint
CREATE POLICY "flow_engine_state_tenant_isolation" ON "flow_engine_state" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "flow_history_tenant_isolation" ON "flow_history" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "flow_instance_tenant_isolation" ON "flow_instance" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "flow_model_tenant_isolation" ON "flow_model" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "flow_task_tenant_isolation" ON "flow_task" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_stock_approval_tenant_isolation" ON "zoo_stock_approval" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));