CREATE TABLE "zoo_med_vaccination_reminder" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"vaccination_id" bigint NOT NULL,
	"next_due" date NOT NULL,
	"notice_id" bigint,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_med_vaccination_reminder" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "zoo_med_anaesthesia" ADD COLUMN "readings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "zoo_med_group_treatment" ADD COLUMN "dose_mg_kg" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "zoo_med_group_treatment" ADD COLUMN "head_weight_kg" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "zoo_med_group_treatment" ADD COLUMN "dose_mg" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "zoo_med_group_treatment" ADD COLUMN "amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "zoo_med_group_treatment" ADD COLUMN "total_mg" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "zoo_med_group_treatment" ADD COLUMN "total_amount" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "zoo_med_group_treatment" ADD COLUMN "concentration" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "zoo_med_group_treatment" ADD COLUMN "concentration_unit" integer;--> statement-breakpoint
ALTER TABLE "zoo_med_group_treatment" ADD COLUMN "out_of_range" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_med_vaccination_reminder_uq" ON "zoo_med_vaccination_reminder" USING btree ("tenant_id","vaccination_id","next_due");--> statement-breakpoint
CREATE INDEX "sys_audit_change_idx" ON "sys_audit" USING btree ("tenant_id","table_name","record_id") WHERE action <> 'create';--> statement-breakpoint
CREATE POLICY "zoo_med_vaccination_reminder_tenant_isolation" ON "zoo_med_vaccination_reminder" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));