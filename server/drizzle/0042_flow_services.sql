CREATE TABLE "flow_incident" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"instance_id" bigint NOT NULL,
	"activity_id" varchar(255) NOT NULL,
	"activity_name" varchar(200) DEFAULT '' NOT NULL,
	"execution_id" varchar(255) NOT NULL,
	"service" varchar(60) NOT NULL,
	"message" varchar(1000) NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"resolved_time" timestamp(0)
);
--> statement-breakpoint
ALTER TABLE "flow_incident" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "flow_event_sub" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"instance_id" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"name" varchar(200) NOT NULL,
	"ref" varchar(255) NOT NULL,
	"activity_id" varchar(255) NOT NULL,
	"execution_id" varchar(255) NOT NULL,
	"business_key" varchar(120) DEFAULT '' NOT NULL,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_event_sub" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "flow_definition" ADD COLUMN "services" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_definition" ADD COLUMN "events" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "flow_incident_open_uq" ON "flow_incident" USING btree ("instance_id","execution_id") WHERE resolved_time is null;--> statement-breakpoint
CREATE INDEX "flow_incident_instance_idx" ON "flow_incident" USING btree ("tenant_id","instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_event_sub_execution_uq" ON "flow_event_sub" USING btree ("instance_id","execution_id");--> statement-breakpoint
CREATE INDEX "flow_event_sub_name_idx" ON "flow_event_sub" USING btree ("tenant_id","kind","name");--> statement-breakpoint
CREATE POLICY "flow_incident_tenant_isolation" ON "flow_incident" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "flow_event_sub_tenant_isolation" ON "flow_event_sub" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));