CREATE TABLE "zoo_quality_day" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"day" date NOT NULL,
	"check_code" varchar(32) NOT NULL,
	"count" integer NOT NULL,
	"param" integer DEFAULT 0 NOT NULL,
	"run_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_quality_day" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_quality_day_uq" ON "zoo_quality_day" USING btree ("tenant_id","day","check_code");--> statement-breakpoint
CREATE INDEX "zoo_quality_day_day_idx" ON "zoo_quality_day" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE POLICY "zoo_quality_day_tenant_isolation" ON "zoo_quality_day" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));