CREATE TABLE "zoo_humiture_alarm" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"cage_id" bigint NOT NULL,
	"kind" integer NOT NULL,
	"value" double precision NOT NULL,
	"peak" double precision NOT NULL,
	"range_min" double precision,
	"range_max" double precision,
	"start_time" timestamp(0) NOT NULL,
	"end_time" timestamp(0),
	"ack_user" bigint,
	"ack_time" timestamp(0),
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_humiture_alarm" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_humiture_alarm_notice" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"alarm_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"read_time" timestamp(0)
);
--> statement-breakpoint
ALTER TABLE "zoo_humiture_alarm_notice" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_humiture_alarm_open_uq" ON "zoo_humiture_alarm" USING btree ("tenant_id","cage_id","kind") WHERE end_time is null and is_deleted = 0;--> statement-breakpoint
CREATE INDEX "zoo_humiture_alarm_start_idx" ON "zoo_humiture_alarm" USING btree ("tenant_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_humiture_alarm_notice_uq" ON "zoo_humiture_alarm_notice" USING btree ("tenant_id","alarm_id","user_id");--> statement-breakpoint
CREATE INDEX "zoo_humiture_alarm_notice_user_idx" ON "zoo_humiture_alarm_notice" USING btree ("tenant_id","user_id","read_time");--> statement-breakpoint
CREATE POLICY "zoo_humiture_alarm_tenant_isolation" ON "zoo_humiture_alarm" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_humiture_alarm_notice_tenant_isolation" ON "zoo_humiture_alarm_notice" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));