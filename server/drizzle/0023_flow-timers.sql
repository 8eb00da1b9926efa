CREATE TABLE "flow_timer" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"instance_id" bigint NOT NULL,
	"activity_id" varchar(255) NOT NULL,
	"execution_id" varchar(255) NOT NULL,
	"timer_type" varchar(20) NOT NULL,
	"timer_value" varchar(255) DEFAULT '' NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" varchar(1000) DEFAULT '' NOT NULL,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_timer" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "flow_timer_execution_uq" ON "flow_timer" USING btree ("instance_id","execution_id");--> statement-breakpoint
CREATE INDEX "flow_timer_due_idx" ON "flow_timer" USING btree ("due_at");--> statement-breakpoint
CREATE POLICY "flow_timer_tenant_isolation" ON "flow_timer" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
