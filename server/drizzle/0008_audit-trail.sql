CREATE TABLE "sys_audit" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"table_name" varchar(63) NOT NULL,
	"record_id" varchar(64) NOT NULL,
	"action" varchar(8) NOT NULL,
	"user_id" bigint,
	"user_name" varchar(64) DEFAULT '' NOT NULL,
	"dept_id" bigint,
	"actor_tenant_id" varchar(12) DEFAULT '' NOT NULL,
	"client_ip" varchar(64) DEFAULT '' NOT NULL,
	"request_id" varchar(64) DEFAULT '' NOT NULL,
	"reason" varchar(500) DEFAULT '' NOT NULL,
	"changes" jsonb NOT NULL,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_audit" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "sys_audit_record_idx" ON "sys_audit" USING btree ("tenant_id","table_name","record_id","id");--> statement-breakpoint
CREATE INDEX "sys_audit_time_idx" ON "sys_audit" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE POLICY "sys_audit_tenant_isolation" ON "sys_audit" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));